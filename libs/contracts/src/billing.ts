import { z } from 'zod';

export * from './premium-price.js';

/** The provider's price is found again by this key, so every copy of the system bills the same price. */
export const PREMIUM_PRICE_LOOKUP_KEY = 'medical_qr_premium_monthly';

/** Texts the spec fixes for subscriptions (section 8) and the ones the billing service answers with. */
export const BillingMessages = {
  cancelFailed: 'Failed to cancel subscription',
  resumeFailed: 'Failed to resume subscription',
  initializeFailed: 'Failed to initialize payment. Please try again.',
  createFailed: 'Failed to create subscription. Please try again.',
  paymentFailed: 'Payment Failed',
  noSubscription: 'You have no premium subscription.',
  nothingToResume: 'Your subscription is not set to end, so there is nothing to resume.',
  alreadyCanceling: 'Your subscription already ends at the end of this period.',
  subscriptionEnded: 'Your subscription has ended; subscribe again to get premium back.',
  webhookSignature: 'The webhook signature does not match this payload.',
  providerUnavailable: 'The payment provider did not answer. Please try again in a moment.',
  /** This copy of the system has no payment provider configured (no secret key): nothing can be paid. */
  paymentsNotConfigured: 'Payments are not available on this server.',
} as const;

const userId = z.uuid();

/** Every billing question about one user. */
export const billingUserRequestSchema = z.strictObject({ userId });
export type BillingUserRequest = z.infer<typeof billingUserRequestSchema>;
/**
 * `settled`: answer only once a change being recorded for the user has committed. Billing announces a change
 * inside the transaction that records it, so a consumer of that announcement that asks at once could otherwise
 * read the status from before it.
 */
export const premiumStatusRequestSchema = z.strictObject({ userId, settled: z.boolean().optional() });
export type PremiumStatusRequest = z.infer<typeof premiumStatusRequestSchema>;

/** What a new subscription needs to name the provider's customer (the provider shows it on receipts). */
export const createSubscriptionRequestSchema = z.strictObject({
  userId,
  email: z.string().min(3).max(320),
  name: z.string().max(200),
});
export type CreateSubscriptionRequest = z.infer<typeof createSubscriptionRequestSchema>;

/** The webhook's raw body (signatures are over the exact bytes) and its `Stripe-Signature` header. */
export const receiveWebhookRequestSchema = z.strictObject({
  payload: z.string().max(512 * 1024),
  signature: z.string().max(4096),
});
export type ReceiveWebhookRequest = z.infer<typeof receiveWebhookRequestSchema>;

export const premiumStatusSchema = z.object({
  isPremium: z.boolean(),
  /** When premium access ends if nothing renews it (the paid period's end); null when not premium. */
  expiresAt: z.iso.datetime().nullable(),
});
export type PremiumStatus = z.infer<typeof premiumStatusSchema>;

/** active: renews every month. canceling: ends at currentPeriodEnd. */
export const SUBSCRIPTION_STATES = ['active', 'canceling'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

export const subscriptionDetailsSchema = z.object({
  status: z.enum(SUBSCRIPTION_STATES),
  /** When the subscription started. */
  startedAt: z.iso.datetime(),
  currentPeriodStart: z.iso.datetime(),
  /** Renewal date, or the end date when canceling. */
  currentPeriodEnd: z.iso.datetime(),
  cancelAtPeriodEnd: z.boolean(),
  priceCents: z.number().int(),
  currency: z.string(),
  interval: z.string(),
});
export type SubscriptionDetails = z.infer<typeof subscriptionDetailsSchema>;

export const cancelSubscriptionResponseSchema = z.object({
  /** When premium stops. */
  cancelAt: z.iso.datetime(),
  subscription: subscriptionDetailsSchema,
});
export type CancelSubscriptionResponse = z.infer<typeof cancelSubscriptionResponseSchema>;

export const createSubscriptionResponseSchema = z.object({
  /** False when the user is already premium: nothing to pay, the web shows success. */
  requiresPayment: z.boolean(),
  /** The provider's subscription status (incomplete until the first invoice is paid, then active). */
  status: z.string(),
  /** The first invoice's payment client secret, for the card form to confirm; null when nothing is due. */
  clientSecret: z.string().nullable(),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

export const webhookReceivedSchema = z.object({ received: z.literal(true) });
export type WebhookReceived = z.infer<typeof webhookReceivedSchema>;

/** The publishable key the card form uses; `apiUrl` is set only when a local Stripe stand-in takes the payments. */
export const stripeKeyResponseSchema = z.object({
  key: z.string(),
  apiUrl: z.url().optional(),
});
export type StripeKeyResponse = z.infer<typeof stripeKeyResponseSchema>;

/**
 * A webhook that passed its signature check, as billing hands it to itself through a durable stream: the work
 * (asking the provider for the subscription's state and recording it) runs after the provider got its 2xx.
 */
export const paymentEventReceivedSchema = z.object({
  /** The provider's event type, e.g. customer.subscription.updated. */
  type: z.string().max(200),
  /** The subscription the event concerns, when it names one. */
  subscriptionId: z.string().max(255).nullable(),
  /** The provider's customer, when the event names one. */
  customerId: z.string().max(255).nullable(),
  /** The PaymentIntent a payment_intent.* event is about (absent in events stored before merch payments). */
  paymentIntentId: z.string().max(255).nullable().default(null),
  /** A paid invoice (invoice.paid): which one, and what was paid in cents, for its receipt. */
  invoiceId: z.string().max(255).nullable().default(null),
  amountPaidCents: z.number().int().min(0).nullable().default(null),
});
export type PaymentEventReceived = z.infer<typeof paymentEventReceivedSchema>;

/** A user's premium access changed (started, set to end, resumed, ended). Records and gateways act on it. */
export const subscriptionUpdatedSchema = z.object({
  userId,
  isPremium: z.boolean(),
  /** End of the paid period while premium; null when not premium. */
  expiresAt: z.iso.datetime().nullable(),
});
export type SubscriptionUpdated = z.infer<typeof subscriptionUpdatedSchema>;

/** The largest merch payment taken in one go ($10,000): ten lines of ten items stay far below it. */
export const MERCH_PAYMENT_MAX_CENTS = 1_000_000;

/** PaymentIntent metadata that marks a merch payment and names the shop's checkout it pays for. */
export const MERCH_PAYMENT_PURPOSE = 'merch';

export const createMerchPaymentRequestSchema = z.strictObject({
  userId,
  email: z.string().min(3).max(320),
  name: z.string().max(200),
  /** The shop's checkout this pays for; also the idempotency key, so a retried request makes one PaymentIntent. */
  checkoutId: z.uuid(),
  amountCents: z.number().int().min(50).max(MERCH_PAYMENT_MAX_CENTS),
  /** Shown on the provider's receipt. */
  description: z.string().min(1).max(500),
});
export type CreateMerchPaymentRequest = z.infer<typeof createMerchPaymentRequestSchema>;
export const createMerchPaymentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
});
export type CreateMerchPaymentResponse = z.infer<typeof createMerchPaymentResponseSchema>;

/** A merch PaymentIntent succeeded (the provider said so when billing asked): the shop turns its checkout into orders. */
export const merchPaymentSucceededSchema = z.object({
  checkoutId: z.uuid(),
  userId,
  paymentIntentId: z.string().max(255),
  amountCents: z.number().int(),
});
export type MerchPaymentSucceeded = z.infer<typeof merchPaymentSucceededSchema>;

export const BillingEvents = {
  paymentEventReceived: 'payment-event.received',
  subscriptionUpdated: 'subscription.updated',
  merchPaymentSucceeded: 'merch-payment.succeeded',
} as const;

export const billingExportSchema = z.object({
  stripeCustomerId: z.string().nullable(),
  subscriptions: z.array(
    z.object({
      stripeSubscriptionId: z.string(),
      status: z.string(),
      startedAt: z.iso.datetime(),
      currentPeriodStart: z.iso.datetime(),
      currentPeriodEnd: z.iso.datetime(),
      cancelAtPeriodEnd: z.boolean(),
      endedAt: z.iso.datetime().nullable(),
      priceCents: z.number().int().nullable(),
      currency: z.string().nullable(),
      interval: z.string().nullable(),
    }),
  ),
});
export type BillingExport = z.infer<typeof billingExportSchema>;
