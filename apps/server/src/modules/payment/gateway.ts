import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { FailedCode, type Card, type CardType } from '@clinic/contract';
import type { Database } from '../../db/client.ts';
import { sandboxCard, sandboxCharge } from '../../db/schema.ts';

/** What a processor may answer instead of doing what was asked. */
export type GatewayFailure =
  typeof FailedCode.PaymentFailed | typeof FailedCode.CardDeclined | typeof FailedCode.CardExpired;
export type GatewayResult<T> = { ok: true; value: T } | { ok: false; failedCode: GatewayFailure };

/** The card as we may keep it: the processor's reference, never the number or the security code. */
export interface SavedCard {
  token: string;
  cardType: CardType;
  last4: string;
  expiry: string;
}

/**
 * A card processor. The number and the security code are handed to it and forgotten; a charge
 * names a saved card and carries our idempotency key, so a retried charge is made once.
 */
export interface PaymentGateway {
  saveCard(card: Card): Promise<GatewayResult<SavedCard>>;
  charge(request: {
    token: string;
    amountMinor: number;
    currency: string;
    idempotencyKey: string;
  }): Promise<GatewayResult<{ chargeId: string }>>;
}

/**
 * The sandbox processor: no network, and the behaviour of a processor's test mode. The documented
 * test numbers (README) decline, report an expired card, fail, or save and then decline charges;
 * any other valid number succeeds. It keeps its own books of the cards it saved and the charges
 * it made, in the same database.
 */
export const sandboxTestCards = {
  declined: '4000000000000002',
  expired: '4000000000000069',
  processingError: '4000000000000119',
  /** Saved fine, every later charge declined: a renewal that fails. */
  chargeDeclined: '4000000000000341',
} as const;

type Behaviour = (typeof sandboxCard.$inferSelect)['behaviour'];

function behaviourOf(number: string): Behaviour | 'decline-now' | 'expired-now' | 'error-now' {
  switch (number) {
    case sandboxTestCards.declined:
      return 'decline-now';
    case sandboxTestCards.expired:
      return 'expired-now';
    case sandboxTestCards.processingError:
      return 'error-now';
    case sandboxTestCards.chargeDeclined:
      return 'decline';
    default:
      return 'succeed';
  }
}

const failures: Record<Exclude<Behaviour, 'succeed'>, GatewayFailure> = {
  decline: FailedCode.CardDeclined,
  expired: FailedCode.CardExpired,
  error: FailedCode.PaymentFailed,
};

export function sandboxGateway(db: Database): PaymentGateway {
  return {
    async saveCard(card) {
      const behaviour = behaviourOf(card.cardNumber);
      if (behaviour === 'decline-now') return { ok: false, failedCode: FailedCode.CardDeclined };
      if (behaviour === 'expired-now') return { ok: false, failedCode: FailedCode.CardExpired };
      if (behaviour === 'error-now') return { ok: false, failedCode: FailedCode.PaymentFailed };
      const saved: SavedCard = {
        token: `sandbox_card_${randomBytes(12).toString('hex')}`,
        cardType: card.cardType,
        last4: card.cardNumber.slice(-4),
        expiry: card.expiry,
      };
      await db.insert(sandboxCard).values({ ...saved, behaviour });
      return { ok: true, value: saved };
    },

    async charge({ token, amountMinor, currency, idempotencyKey }) {
      const [done] = await db.select().from(sandboxCharge).where(eq(sandboxCharge.idempotencyKey, idempotencyKey));
      const outcome = (charge: typeof sandboxCharge.$inferSelect): GatewayResult<{ chargeId: string }> =>
        charge.status === 'succeeded'
          ? { ok: true, value: { chargeId: charge.id } }
          : { ok: false, failedCode: failures[charge.status === 'declined' ? 'decline' : charge.status] };
      if (done) return outcome(done);
      const [card] = await db.select().from(sandboxCard).where(eq(sandboxCard.token, token));
      const status = !card
        ? 'error'
        : card.behaviour === 'succeed'
          ? 'succeeded'
          : card.behaviour === 'decline'
            ? 'declined'
            : card.behaviour;
      // The same key at the same moment: the first charge is the one made.
      await db
        .insert(sandboxCharge)
        .values({
          id: `sandbox_charge_${randomBytes(12).toString('hex')}`,
          cardToken: token,
          amountMinor,
          currency,
          idempotencyKey,
          status,
        })
        .onConflictDoNothing({ target: sandboxCharge.idempotencyKey });
      const [charge] = await db.select().from(sandboxCharge).where(eq(sandboxCharge.idempotencyKey, idempotencyKey));
      return outcome(charge!);
    },
  };
}
