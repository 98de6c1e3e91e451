/** A card error as Stripe answers it: its code, its decline code for a card the bank declined, its message. */
export interface Refusal {
  code: string;
  decline_code?: string;
  message: string;
}

const declined = (declineCode: string, message = 'Your card was declined.'): Refusal => ({
  code: 'card_declined',
  decline_code: declineCode,
  message,
});

/**
 * Stripe's card errors, as its test cards give them (docs.stripe.com/testing, "Declined payments"):
 * a card the bank declined has the code card_declined and a decline code saying why.
 */
export const refusals = {
  decline: declined('generic_decline'),
  'insufficient-funds': declined('insufficient_funds', 'Your card has insufficient funds.'),
  'lost-card': declined('lost_card'),
  'stolen-card': declined('stolen_card'),
  'velocity-exceeded': declined(
    'card_velocity_exceeded',
    'Your card was declined for making repeated attempts too frequently or exceeding its amount limit.',
  ),
  fraudulent: declined('fraudulent'),
  expired: { code: 'expired_card', message: 'Your card has expired.' },
  'incorrect-cvc': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  error: {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
} as const satisfies Record<string, Refusal>;

/** Refusals of cards that ask their holder first: declined once the holder has confirmed. */
const refusalsAfterAuthentication = {
  'decline-after-authentication': refusals.decline,
  'insufficient-funds-after-authentication': refusals['insufficient-funds'],
} as const satisfies Record<string, Refusal>;

/** What a test number does when it is set up, confirmed by its holder, or charged off-session. */
export type Behaviour =
  | 'succeed'
  | 'authenticate-once'
  | 'authenticate-always'
  | 'charge-declined'
  | 'answer-lost'
  | keyof typeof refusals
  | keyof typeof refusalsAfterAuthentication;

/**
 * The sandbox's test cards: Stripe's test cards of the same numbers, doing what they do at Stripe
 * (a refusing card is refused when it is set up or paid, with Stripe's codes). Any other number that
 * passes the Luhn check succeeds; one that does not is refused with incorrect_number, as
 * 4242 4242 4242 4241 is at Stripe.
 */
const cards = {
  succeeds: { number: '4242424242424242', behaviour: 'succeed' },
  /** Asks the holder once, when it is set up or paid on-session; then charged off-session without asking. */
  authenticatesOnce: { number: '4000002500003155', behaviour: 'authenticate-once' },
  /** Asks the holder every time: an off-session charge fails with authentication_required. */
  authenticatesAlways: { number: '4000002760003184', behaviour: 'authenticate-always' },
  /** Asks the holder, then is declined (generic_decline). */
  declinedAfterAuthentication: { number: '4000008400001629', behaviour: 'decline-after-authentication' },
  /** Asks the holder, then is declined for insufficient funds. */
  insufficientFundsAfterAuthentication: {
    number: '4000008260003178',
    behaviour: 'insufficient-funds-after-authentication',
  },
  declined: { number: '4000000000000002', behaviour: 'decline' },
  insufficientFunds: { number: '4000000000009995', behaviour: 'insufficient-funds' },
  lostCard: { number: '4000000000009987', behaviour: 'lost-card' },
  stolenCard: { number: '4000000000009979', behaviour: 'stolen-card' },
  velocityExceeded: { number: '4000000000006975', behaviour: 'velocity-exceeded' },
  /** Blocked as fraudulent (Stripe Radar's highest risk). */
  fraudulent: { number: '4100000000000019', behaviour: 'fraudulent' },
  expired: { number: '4000000000000069', behaviour: 'expired' },
  incorrectCvc: { number: '4000000000000127', behaviour: 'incorrect-cvc' },
  processingError: { number: '4000000000000119', behaviour: 'error' },
  /** Set up fine; every charge declined (a renewal that fails). */
  chargeDeclined: { number: '4000000000000341', behaviour: 'charge-declined' },
  /** Set up fine; each charge is made but its first answer is lost, as after a timeout. */
  answerLost: { number: '4000000000000259', behaviour: 'answer-lost' },
} as const satisfies Record<string, { number: string; behaviour: Behaviour }>;

type CardName = keyof typeof cards;

/** The test cards' numbers, by what they do. */
export const sandboxTestCards = Object.fromEntries(
  Object.entries(cards).map(([name, card]) => [name, card.number]),
) as { readonly [Name in CardName]: (typeof cards)[Name]['number'] };

const behaviours = new Map<string, Behaviour>(Object.values(cards).map((card) => [card.number, card.behaviour]));

export function behaviourOf(number: string): Behaviour {
  return behaviours.get(number) ?? 'succeed';
}

/** The refusal of a card at the moment it is confirmed, before any challenge. */
export function refusalAtConfirm(behaviour: Behaviour): Refusal | undefined {
  return behaviour in refusals ? refusals[behaviour as keyof typeof refusals] : undefined;
}

/** The refusal of a card once its holder has passed the challenge. */
export function refusalAfterAuthentication(behaviour: Behaviour): Refusal | undefined {
  return behaviour in refusalsAfterAuthentication
    ? refusalsAfterAuthentication[behaviour as keyof typeof refusalsAfterAuthentication]
    : undefined;
}

/** The Luhn check digit of a card number. */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index++) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return /^\d{12,19}$/.test(number) && sum % 10 === 0;
}

/** The card brand as Stripe names it. */
export function brandOf(number: string): string {
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|64[4-9]|65|622)/.test(number)) return 'discover';
  if (/^35(2[89]|[3-8])/.test(number)) return 'jcb';
  if (/^(5[1-5]|2(2[2-9]|[3-6]|7[01]|720))/.test(number)) return 'mastercard';
  if (/^4/.test(number)) return 'visa';
  return 'unknown';
}
