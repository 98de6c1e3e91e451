/** A card as its holder types it in the processor's fields. */
export interface TypedCard {
  number: string;
  /** MMYY. */
  expiry: string;
  cvc: string;
  postalCode?: string;
}

/**
 * Confirms an intent as the browser's Stripe object does: from the processor's origin, with the
 * publishable key and the intent's client secret, the card typed there. Answers Stripe's JSON.
 */
export async function confirmAsBrowser(
  origin: string,
  publishableKey: string,
  intent: { id: string; client_secret: string | null },
  card: TypedCard | { paymentMethod: string },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const kind = intent.id.startsWith('seti_') ? 'setup_intents' : 'payment_intents';
  const form = new URLSearchParams({ client_secret: intent.client_secret ?? '' });
  if ('paymentMethod' in card) form.set('payment_method', card.paymentMethod);
  else {
    form.set('payment_method_data[type]', 'card');
    form.set('payment_method_data[card][number]', card.number.replace(/\s/g, ''));
    form.set('payment_method_data[card][exp_month]', String(Number(card.expiry.slice(0, 2))));
    form.set('payment_method_data[card][exp_year]', `20${card.expiry.slice(2)}`);
    form.set('payment_method_data[card][cvc]', card.cvc);
    if (card.postalCode) form.set('payment_method_data[billing_details][address][postal_code]', card.postalCode);
  }
  const response = await fetch(`${origin}/v1/${kind}/${intent.id}/confirm`, {
    method: 'POST',
    headers: { authorization: `Bearer ${publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The holder's answer at the challenge page: what its buttons post. */
export async function completeChallenge(
  origin: string,
  intentId: string,
  choice: 'complete' | 'fail',
): Promise<string> {
  const response = await fetch(`${origin}/challenge/${intentId}/${choice}`, { method: 'POST' });
  return ((await response.json()) as { status: string }).status;
}
