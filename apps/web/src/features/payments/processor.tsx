import { completePayment, getPaymentProcessor, type IntentToConfirm, type ReplyOf } from '@clinic/contract';
import { CardNumberElement, Elements } from '@stripe/react-stripe-js';
// The pure entry adds Stripe.js to the page at the first loadStripe call, not on import: the sandbox
// never needs it, and its origin is outside the sandbox's content security policy.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactElement, type ReactNode } from 'react';
import { callApi } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';
import type { CardFormValues } from './card-form.ts';

type Processor = { publishableKey: string; scriptUrl: string | null };

let loaded: { key: string; stripe: Promise<Stripe | null> } | undefined;

/** The sandbox's Stripe.js-compatible object, from the script it serves from its own origin. */
function loadSandbox(scriptUrl: string, publishableKey: string): Promise<Stripe> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.onload = () => resolve((window as unknown as { Stripe: (key: string) => Stripe }).Stripe(publishableKey));
    script.onerror = () => reject(new Error('The payment processor did not load.'));
    document.head.append(script);
  });
}

/** Stripe.js with Stripe, or the sandbox's object: the same calls either way. Loaded once. */
function loadProcessor({ publishableKey, scriptUrl }: Processor): Promise<Stripe | null> {
  if (loaded?.key !== publishableKey)
    loaded = {
      key: publishableKey,
      stripe: scriptUrl ? loadSandbox(scriptUrl, publishableKey) : loadStripe(publishableKey),
    };
  return loaded.stripe;
}

/** The processor's fields can be shown inside: the server says which processor. */
export function ProcessorElements({ children }: { children: ReactNode }): ReactElement {
  const info = useQuery({
    queryKey: [...queryKeys.payments, 'processor'] as const,
    queryFn: ({ signal }) => callApi(getPaymentProcessor, {}, { signal }),
    staleTime: Infinity,
  });
  const stripe = useMemo(() => (info.data?.isSuccess ? loadProcessor(info.data) : undefined), [info.data]);
  if (!stripe) return <Loader size="sm" />;
  return <Elements stripe={stripe}>{children}</Elements>;
}

export type CompleteReply = ReplyOf<typeof completePayment>;

/** The holder's bank did not verify them (3-D Secure failed or was abandoned): nothing was charged or saved. */
export const verificationFailed = 'verificationFailed';

/** Stripe's codes for a challenge the holder did not pass. */
const authenticationFailures: readonly (string | undefined)[] = [
  'setup_intent_authentication_failure',
  'payment_intent_authentication_failure',
];

/**
 * Confirms an intent in the browser (the card typed in the processor's fields, or the one it
 * keeps; the holder's challenge if their bank asks), then has our server record what the
 * processor says became of it. Undefined when the processor's fields found the card incomplete;
 * `verificationFailed` when the bank's check failed, which our server has nothing to record of.
 */
export async function confirmAndComplete(
  stripe: Stripe,
  elements: StripeElements | null,
  intent: IntentToConfirm,
  holder?: CardFormValues,
): Promise<CompleteReply | typeof verificationFailed | undefined> {
  const card = elements?.getElement(CardNumberElement);
  const data =
    card && holder
      ? {
          payment_method: {
            card,
            billing_details: { address: { postal_code: holder.zipCode, line1: holder.address } },
          },
        }
      : undefined;
  const result =
    intent.kind === 'setup'
      ? await stripe.confirmCardSetup(intent.clientSecret, data)
      : await stripe.confirmCardPayment(intent.clientSecret, data);
  if (result.error?.type === 'validation_error') return undefined;
  if (authenticationFailures.includes(result.error?.code)) return verificationFailed;
  return callApi(completePayment, { intentId: intent.intentId });
}
