/**
 * The sandbox's test cards, as Stripe's: what a number does when it is set up, confirmed by its
 * holder, or charged off-session. Any other number that passes the Luhn check succeeds.
 */
export const sandboxTestCards = {
  succeeds: '4242424242424242',
  /** Asks the holder once, when it is set up or paid on-session; then charged off-session without asking. */
  authenticatesOnce: '4000002500003155',
  /** Asks the holder every time: an off-session charge fails with authentication_required. */
  authenticatesAlways: '4000002760003184',
  /** Asks the holder, then is declined. */
  declinedAfterAuthentication: '4000008400001629',
  declined: '4000000000000002',
  expired: '4000000000000069',
  processingError: '4000000000000119',
  /** Set up fine; every charge declined (a renewal that fails). */
  chargeDeclined: '4000000000000341',
  /** Set up fine; each charge is made but its first answer is lost, as after a timeout. */
  answerLost: '4000000000000259',
} as const;

export type Behaviour =
  | 'succeed'
  | 'authenticate-once'
  | 'authenticate-always'
  | 'decline-after-authentication'
  | 'decline'
  | 'expired'
  | 'error'
  | 'charge-declined'
  | 'answer-lost';

export function behaviourOf(number: string): Behaviour {
  switch (number) {
    case sandboxTestCards.authenticatesOnce:
      return 'authenticate-once';
    case sandboxTestCards.authenticatesAlways:
      return 'authenticate-always';
    case sandboxTestCards.declinedAfterAuthentication:
      return 'decline-after-authentication';
    case sandboxTestCards.declined:
      return 'decline';
    case sandboxTestCards.expired:
      return 'expired';
    case sandboxTestCards.processingError:
      return 'error';
    case sandboxTestCards.chargeDeclined:
      return 'charge-declined';
    case sandboxTestCards.answerLost:
      return 'answer-lost';
    default:
      return 'succeed';
  }
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

/** Refusals at the moment the card is confirmed, before any challenge. */
export const refusalAtConfirm: Partial<Record<Behaviour, { code: string; decline_code?: string; message: string }>> = {
  decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  expired: { code: 'expired_card', message: 'Your card has expired.' },
  error: { code: 'processing_error', message: 'An error occurred while processing your card.' },
};
