/** Location state a payment result page passes on when it sends the clinician onwards. */
export interface PaymentResultState {
  fromPaymentResult: true;
  status: 'success' | 'failure';
}

export function isSuccessfulPaymentResultState(state: unknown): boolean {
  if (typeof state !== 'object' || state === null) return false;
  const candidate = state as Partial<PaymentResultState>;
  return candidate.fromPaymentResult === true && candidate.status === 'success';
}
