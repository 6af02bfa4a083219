import {
  billingExportSchema,
  billingUserRequestSchema,
  cancelSubscriptionResponseSchema,
  createMerchPaymentRequestSchema,
  createMerchPaymentResponseSchema,
  createSubscriptionRequestSchema,
  createSubscriptionResponseSchema,
  premiumStatusRequestSchema,
  premiumStatusSchema,
  receiveWebhookRequestSchema,
  subscriptionDetailsSchema,
  webhookReceivedSchema,
} from './billing.js';
import { ErrorCodes } from './error-codes.js';
import { declareMessage, patternsOf } from './message.js';
import { erasedSchema, eraseUserRequestSchema } from './privacy.js';

const { NOT_FOUND, CONFLICT } = ErrorCodes;

/** Every request/reply message the billing service answers, declared once. */
export const BillingApi = {
  premiumStatus: declareMessage('billing.premium.status', {
    request: premiumStatusRequestSchema,
    reply: premiumStatusSchema,
  }),
  /** Asks the provider (never the client) whether the user's subscription is paid, and records what it says. */
  activatePremium: declareMessage('billing.premium.activate', {
    request: billingUserRequestSchema,
    reply: premiumStatusSchema,
  }),
  subscriptionDetails: declareMessage('billing.subscription.details', {
    request: billingUserRequestSchema,
    reply: subscriptionDetailsSchema,
    errors: [NOT_FOUND],
  }),
  createSubscription: declareMessage('billing.subscription.create', {
    request: createSubscriptionRequestSchema,
    reply: createSubscriptionResponseSchema,
  }),
  cancelSubscription: declareMessage('billing.subscription.cancel', {
    request: billingUserRequestSchema,
    reply: cancelSubscriptionResponseSchema,
    errors: [NOT_FOUND, CONFLICT],
  }),
  resumeSubscription: declareMessage('billing.subscription.resume', {
    request: billingUserRequestSchema,
    reply: subscriptionDetailsSchema,
    errors: [NOT_FOUND, CONFLICT],
  }),
  /** A webhook as the provider sent it: the raw body and its signature header, checked by billing. */
  receiveWebhook: declareMessage('billing.webhook.receive', {
    request: receiveWebhookRequestSchema,
    reply: webhookReceivedSchema,
  }),
  /** A one-off card payment for merch: a PaymentIntent the shop's checkout names; the order follows its webhook. */
  createMerchPayment: declareMessage('billing.merch-payment.create', {
    request: createMerchPaymentRequestSchema,
    reply: createMerchPaymentResponseSchema,
    calledBy: 'services',
  }),
  /** Everything billing holds about a person, for their export: the provider's customer id and subscriptions. */
  exportUser: declareMessage('billing.user.export', {
    request: billingUserRequestSchema,
    reply: billingExportSchema,
    calledBy: 'services',
  }),
  /** Erasure (privacy's saga): subscriptions cancelled at the provider now, then the person's rows; idempotent. */
  eraseUser: declareMessage('billing.user.erase', {
    request: eraseUserRequestSchema,
    reply: erasedSchema,
    calledBy: 'services',
  }),
} as const;

/** Request/reply patterns the billing service answers. */
export const BillingPatterns = patternsOf(BillingApi);
