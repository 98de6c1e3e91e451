import { z } from 'zod';
import { defineEndpoint, emptyRequest, reply, success } from './endpoint.ts';
import { FailedCode } from './errors.ts';
import { translate } from './messages/index.ts';
import type { Language } from './rules.ts';
import { idField, pageField } from './validation.ts';

const tag = 'payment';

/** Constants of subscriptions (SPEC 4 "Subscription", 9). */
export const subscriptionRules = {
  trialDays: 30,
  /** The clinician is mailed this many days before the trial ends and the first charge is made. */
  trialReminderDays: 3,
  /** A failed renewal is retried daily for this long before the subscription ends. */
  graceDays: 7,
  /** A plan change is allowed once a month. */
  planChangeDays: 30,
  /** How long the pay pop-up stays away after "later" (the payPopup cookie). */
  payPopupGraceDays: 1,
  zipMax: 10,
  addressMax: 200,
} as const;

/** The five card types of SPEC 5; the processor's fields check the number, expiry and code. */
export const cardTypeNames = ['AmericanExpress', 'Discover', 'JCB', 'MasterCard', 'Visa'] as const;
export type CardType = (typeof cardTypeNames)[number];

/**
 * Our part of the pay form (SPEC 3 "Payment method", rules of SPEC 5): the card type, zip code and
 * address. The number, expiry and security code are typed in the processor's fields.
 */
const cardHolderShape = {
  cardType: z.enum(cardTypeNames, { error: 'validation.card_type' }),
  zipCode: z
    .string({ error: 'validation.required' })
    .trim()
    .regex(/^[A-Za-z0-9 -]{3,10}$/, { error: 'validation.zip_code' }),
  address: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(subscriptionRules.addressMax, { error: 'validation.too_long' })
    .regex(/^[\p{L}\p{N} ./,-]+$/u, { error: 'validation.address_chars' }),
};
export const cardHolderField = z.lazy(() => z.object(cardHolderShape));
export type CardHolderInput = z.input<typeof cardHolderField>;

/** The plans' stable codes; their names are the messages plan.<code>, in every language. */
export const planCodes = ['basic', 'standard', 'unlimited'] as const;
export type PlanCode = (typeof planCodes)[number];

export function isPlanCode(value: unknown): value is PlanCode {
  return typeof value === 'string' && (planCodes as readonly string[]).includes(value);
}

/** A plan's name in a language, by its code; the server's title for a code we do not know. */
export function planName(language: Language, plan: { productCode: string; defaultProductTitle: string }): string {
  return isPlanCode(plan.productCode) ? translate(language, `plan.${plan.productCode}`) : plan.defaultProductTitle;
}

/** An amount in minor units in a language, in the currency's own minor unit: 4900 USD is $49.00. */
export function formatMoney(minor: number, currency: string, language: string): string {
  try {
    const format = new Intl.NumberFormat(language, { style: 'currency', currency });
    return format.format(minor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

export const product = z.lazy(() =>
  z.object({
    seqProduct: z.number().int(),
    /** A stable name the web app translates the plan by (basic, standard, unlimited). */
    productCode: z.string(),
    defaultProductTitle: z.string(),
    defaultProductSubTitle: z.string(),
    /** Active patients the plan allows; 0 means no limit. */
    productPatientProfileLimit: z.number().int(),
    /** The monthly price in minor units (cents). */
    priceMinor: z.number().int(),
    currency: z.string(),
  }),
);
export type Product = z.infer<typeof product>;

/** The card on file: never its number or security code. */
export const paymentMethod = z.lazy(() =>
  z.object({
    paymentType: z.literal('card'),
    cardType: z.enum(cardTypeNames),
    last4: z.string(),
    expiry: z.string(),
  }),
);

export const subscribeStatuses = ['none', 'trial', 'active', 'grace', 'ended'] as const;
export type SubscribeStatus = (typeof subscribeStatuses)[number];

export const subscriptionStatus = z.lazy(() =>
  z.object({
    isSubscribeActive: z.boolean(),
    subscribeStatus: z.enum(subscribeStatuses),
    isGracePeriod: z.boolean(),
    currentSubscriptionInfo: z
      .object({
        productPatientProfileLimit: z.number().int(),
        seqProduct: z.number().int(),
        defaultProductTitle: z.string(),
        defaultProductSubTitle: z.string(),
        paymentType: z.literal('card'),
      })
      .nullable(),
    trialEndsAt: z.string().nullable(),
    currentPeriodEnd: z.string().nullable(),
    graceEndsAt: z.string().nullable(),
    /** When the plan may be changed again; null when it may now. */
    planChangeAllowedAt: z.string().nullable(),
    /** Renewal cancelled: the plan ends with its period (or its grace period), without a charge. */
    cancelAtPeriodEnd: z.boolean(),
    activePatients: z.number().int(),
    /** The active patients allowed now: the plan's, or the free limit without a subscription; 0 means no limit. */
    patientLimit: z.number().int(),
    /** More active patients than allowed: the clinician pays or deactivates patients. */
    isOverLimit: z.boolean(),
  }),
);
export type SubscriptionStatus = z.infer<typeof subscriptionStatus>;

export const payment = z.lazy(() =>
  z.object({
    seqPayment: z.number().int(),
    productTitle: z.string(),
    amountMinor: z.number().int(),
    currency: z.string(),
    status: z.enum(['paid', 'failed', 'trial']),
    kind: z.enum(['subscribe', 'renewal', 'retry']),
    periodStart: z.string().nullable(),
    periodEnd: z.string().nullable(),
    cardLast4: z.string().nullable(),
    createdAt: z.string(),
  }),
);
export type Payment = z.infer<typeof payment>;

const paymentFailures = [
  FailedCode.PaymentFailed,
  FailedCode.CardDeclined,
  FailedCode.CardExpired,
  FailedCode.NoPaymentMethod,
] as const;

/**
 * An intent of the processor for the browser to confirm with the card typed in the processor's own
 * fields (and the holder's challenge, if their bank asks): a SetupIntent saves the card, a
 * PaymentIntent charges it. Then `completePayment` records the outcome.
 */
export const intentToConfirm = z.lazy(() =>
  z.object({
    intentId: z.string(),
    clientSecret: z.string(),
    kind: z.enum(['setup', 'payment']),
  }),
);
export type IntentToConfirm = z.infer<typeof intentToConfirm>;

/** A processor's intent id, as the browser reports it back. */
const intentIdField = z.lazy(() =>
  z.string({ error: 'validation.required' }).regex(/^(seti|pi)_[A-Za-z0-9]{1,200}$/, { error: 'validation.invalid' }),
);

export const getProductList = defineEndpoint({
  method: 'POST',
  path: '/payment/getProductList',
  access: 'manager',
  audit: false,
  tag,
  summary: 'The plans on offer, with their patient limits and monthly prices',
  request: emptyRequest,
  get reply() {
    return success({ productList: z.array(product) });
  },
});

export const checkout = defineEndpoint({
  method: 'POST',
  path: '/payment/checkout',
  access: 'manager',
  audit: false,
  tag,
  summary:
    'Subscribes to a plan: the first subscription starts the 30-day free trial with the card checked; later ones are charged at once. A retry with the same key charges once.',
  get request() {
    return z.object({
      seqProduct: idField,
      /** A new card typed in the processor's fields: the answer is the intent the browser confirms. Without, the card on file is charged. */
      newCard: z.boolean().optional(),
      /** Made by the browser for this checkout; a retried request with the same key is answered, not charged again. */
      idempotencyKey: z.uuid({ error: 'validation.invalid' }),
    });
  },
  get reply() {
    return reply(
      { subscription: subscriptionStatus, payment: payment.nullable(), confirm: intentToConfirm.nullable() },
      [...paymentFailures, FailedCode.ProductInUse],
    );
  },
});

export const completePayment = defineEndpoint({
  method: 'PUT',
  path: '/payment/completePayment',
  access: 'manager',
  audit: false,
  tag,
  summary:
    'Records what became of an intent the browser confirmed (a checkout, a card change, a renewal the holder confirmed), as the processor tells it',
  get request() {
    return z.object({ intentId: intentIdField });
  },
  get reply() {
    return reply(
      { subscription: subscriptionStatus, payment: payment.nullable(), paymentMethod: paymentMethod.nullable() },
      [...paymentFailures, FailedCode.ProductInUse, FailedCode.NoSubscription],
    );
  },
});

export const getPaymentProcessor = defineEndpoint({
  method: 'POST',
  path: '/payment/getPaymentProcessor',
  access: 'manager',
  audit: false,
  tag,
  summary: "The processor whose fields take the card: its publishable key, and the sandbox's script",
  request: emptyRequest,
  get reply() {
    return success({
      processor: z.enum(['stripe', 'sandbox']),
      publishableKey: z.string(),
      /** The sandbox's Stripe.js-compatible script, from its own origin; null with Stripe (Stripe.js). */
      scriptUrl: z.string().nullable(),
    });
  },
});

export const getPendingPayment = defineEndpoint({
  method: 'POST',
  path: '/payment/getPendingPayment',
  access: 'manager',
  audit: false,
  tag,
  summary: 'A renewal charge waiting for the card holder to confirm it, if any',
  request: emptyRequest,
  get reply() {
    return success({
      pending: z
        .object({ intent: intentToConfirm, amountMinor: z.number().int(), currency: z.string(), cardLast4: z.string() })
        .nullable(),
    });
  },
});

export const getMyPurchaseSummary = defineEndpoint({
  method: 'POST',
  path: '/payment/getMyPurchaseSummary',
  access: 'manager',
  audit: false,
  tag,
  summary: 'The current plan, the next charge and the card on file',
  request: emptyRequest,
  get reply() {
    return success({
      product: product.nullable(),
      nextChargeAt: z.string().nullable(),
      nextAmountMinor: z.number().int().nullable(),
      paymentMethod: paymentMethod.nullable(),
    });
  },
});

export const getMyPurchaseHistory = defineEndpoint({
  method: 'POST',
  path: '/payment/getMyPurchaseHistory',
  access: 'manager',
  audit: false,
  tag,
  summary: 'Charges and trial starts, newest first',
  get request() {
    return z.object({
      page: pageField,
      size: z.number().int().min(1).max(100).default(20),
    });
  },
  get reply() {
    return success({ purchaseList: z.array(payment), totalCount: z.number().int() });
  },
});

export const getSubscriptionStatus = defineEndpoint({
  method: 'POST',
  path: '/payment/getSubscriptionStatus',
  access: 'manager',
  audit: false,
  tag,
  summary: 'The subscription, its grace period, and the active patients against the limit',
  request: emptyRequest,
  get reply() {
    return success({ subscription: subscriptionStatus });
  },
});

export const updatePaymentMethod = defineEndpoint({
  method: 'PUT',
  path: '/payment/updatePaymentMethod',
  access: 'manager',
  audit: false,
  tag,
  summary: 'Replaces the card on file after the processor checked it; in the grace period the overdue month is charged',
  get request() {
    return z.object({ idempotencyKey: z.uuid({ error: 'validation.invalid' }) });
  },
  get reply() {
    return reply({ subscription: subscriptionStatus, confirm: intentToConfirm }, [
      ...paymentFailures,
      FailedCode.NoSubscription,
    ]);
  },
});

export const changeSubscription = defineEndpoint({
  method: 'PUT',
  path: '/payment/changeSubscription',
  access: 'manager',
  audit: false,
  tag,
  summary: 'Moves to another plan, once a month; its limit applies at once and its price from the next charge',
  get request() {
    return z.object({ seqProduct: idField });
  },
  get reply() {
    return reply({ subscription: subscriptionStatus }, [
      FailedCode.ProductInUse,
      FailedCode.PlanChangeTooSoon,
      FailedCode.NoSubscription,
    ]);
  },
});

export const changeRenewal = defineEndpoint({
  method: 'PUT',
  path: '/payment/changeRenewal',
  access: 'manager',
  audit: false,
  tag,
  summary:
    'Cancels the renewal (the plan stays until the period ends, then ends without a charge) or resumes it before then',
  get request() {
    return z.object({ cancelAtPeriodEnd: z.boolean({ error: 'validation.required' }) });
  },
  get reply() {
    return reply({ subscription: subscriptionStatus }, [FailedCode.NoSubscription]);
  },
});
