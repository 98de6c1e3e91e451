import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { FailedCode, type Card, type CardType } from '@clinic/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { loggableError } from '../../db/errors.ts';
import { sandboxCard, sandboxCharge } from '../../db/schema.ts';

/** What a processor may answer instead of doing what was asked. */
export type GatewayFailure =
  typeof FailedCode.PaymentFailed | typeof FailedCode.CardDeclined | typeof FailedCode.CardExpired;
/** What the processor said: done, or refused with a code. */
export type GatewayOutcome<T> = { ok: true; value: T } | { ok: false; failedCode: GatewayFailure };
/**
 * No answer in time, a network error, the processor's own failure or a request with our key still
 * running there: a charge may have been made. Nothing final is recorded; the call is made again
 * with the same key, which the processor answers with the first outcome.
 */
export const outcomeUnknown = { ok: false, unknown: true } as const;
export type GatewayResult<T> = GatewayOutcome<T> | typeof outcomeUnknown;

export const isUnknown = <T>(result: GatewayResult<T>): result is typeof outcomeUnknown => 'unknown' in result;

/** The card as we may keep it: the processor's reference, never the number or the security code. */
export interface SavedCard {
  token: string;
  cardType: CardType;
  last4: string;
  expiry: string;
}

/**
 * A card processor. The number and the security code are handed to it and forgotten; saving a card
 * and a charge carry our idempotency key, so a retried request saves the same card and charges once.
 */
export interface PaymentGateway {
  saveCard(card: Card, idempotencyKey: string): Promise<GatewayResult<SavedCard>>;
  charge(request: {
    token: string;
    amountMinor: number;
    currency: string;
    idempotencyKey: string;
  }): Promise<GatewayResult<{ chargeId: string }>>;
  /**
   * Deletes a card we no longer keep (a replaced card, a deleted account) at the processor. Called
   * after our change committed; never throws: a failure is logged, without card data, and our
   * change stands.
   */
  forgetCard(token: string): Promise<void>;
}

/**
 * The sandbox processor: no network, and the behaviour of a processor's test mode. The documented
 * test numbers (README) decline, report an expired card, fail, save and then decline charges, or
 * save and lose the first answer to each charge; any other valid number succeeds. It keeps its own books of the cards it saved and the charges
 * it made, in the same database.
 */
export const sandboxTestCards = {
  declined: '4000000000000002',
  expired: '4000000000000069',
  processingError: '4000000000000119',
  /** Saved fine, every later charge declined: a renewal that fails. */
  chargeDeclined: '4000000000000341',
  /** Saved fine; each charge is made but its first answer is lost, as after a timeout. */
  answerLost: '4000000000000259',
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
    case sandboxTestCards.answerLost:
      return 'unanswered';
    default:
      return 'succeed';
  }
}

const failures: Record<Exclude<Behaviour, 'succeed' | 'unanswered'>, GatewayFailure> = {
  decline: FailedCode.CardDeclined,
  expired: FailedCode.CardExpired,
  error: FailedCode.PaymentFailed,
};

export function sandboxGateway(db: Database, log: FastifyBaseLogger): PaymentGateway {
  return {
    async saveCard(card, idempotencyKey) {
      const behaviour = behaviourOf(card.cardNumber);
      if (behaviour === 'decline-now') return { ok: false, failedCode: FailedCode.CardDeclined };
      if (behaviour === 'expired-now') return { ok: false, failedCode: FailedCode.CardExpired };
      if (behaviour === 'error-now') return { ok: false, failedCode: FailedCode.PaymentFailed };
      // The token follows from the key: a repeated request finds the card it saved first.
      const token = `sandbox_card_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;
      await db
        .insert(sandboxCard)
        .values({ token, behaviour, cardType: card.cardType, last4: card.cardNumber.slice(-4), expiry: card.expiry })
        .onConflictDoNothing({ target: sandboxCard.token });
      const [saved] = await db.select().from(sandboxCard).where(eq(sandboxCard.token, token));
      return {
        ok: true,
        value: { token, cardType: saved!.cardType as CardType, last4: saved!.last4, expiry: saved!.expiry },
      };
    },

    async charge({ token, amountMinor, currency, idempotencyKey }) {
      const [done] = await db.select().from(sandboxCharge).where(eq(sandboxCharge.idempotencyKey, idempotencyKey));
      const outcome = (charge: typeof sandboxCharge.$inferSelect): GatewayOutcome<{ chargeId: string }> =>
        charge.status === 'succeeded'
          ? { ok: true, value: { chargeId: charge.id } }
          : { ok: false, failedCode: failures[charge.status === 'declined' ? 'decline' : charge.status] };
      if (done) return outcome(done);
      const [card] = await db.select().from(sandboxCard).where(eq(sandboxCard.token, token));
      const status = !card
        ? 'error'
        : card.behaviour === 'succeed' || card.behaviour === 'unanswered'
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
      // Made, but the caller does not hear of it: the repeat with the same key does.
      if (card?.behaviour === 'unanswered') return outcomeUnknown;
      const [charge] = await db.select().from(sandboxCharge).where(eq(sandboxCharge.idempotencyKey, idempotencyKey));
      return outcome(charge!);
    },

    async forgetCard(token) {
      await db
        .delete(sandboxCard)
        .where(eq(sandboxCard.token, token))
        .catch((error: unknown) => log.warn({ err: loggableError(error) }, 'sandbox card not forgotten'));
    },
  };
}
