import { BillingApi, IdentityApi } from '@medical-qr/contracts';
import { declareRoute } from '../routes/route-declaration.js';
import { emptyBodySchema } from './empty-body.js';
import { providerActionTimeout } from './provider-timeout.js';

/** The customer name billing gives the provider (it shows on receipts) is bounded like the contract's. */
const CUSTOMER_NAME_MAX = 200;

/**
 * The signed-in user's premium access, as billing (the one source of premium truth) knows it, and their
 * subscription: starting one, its details, cancelling at the period end and resuming. Every action is the
 * session's user's own; no route takes a user or subscription id.
 */
export const BILLING_ROUTES = [
  declareRoute({
    route: 'GET premium/status',
    summary: 'Whether the signed-in user is premium, and until when the paid period runs',
    forwards: BillingApi.premiumStatus,
  }),
  declareRoute({
    route: 'POST activate-premium',
    summary:
      'Asks the payment provider (never the client) whether the user has paid, records what it says and answers the premium status; takes no input',
    body: emptyBodySchema,
    forwards: BillingApi.activatePremium,
    timeoutMs: providerActionTimeout,
  }),
  declareRoute({
    route: 'GET subscription/details',
    summary: "The user's subscription (active or canceling); 404 when there is none",
    forwards: BillingApi.subscriptionDetails,
  }),
  declareRoute({
    route: 'POST create-subscription',
    summary:
      'Starts the $9.99 monthly subscription and answers the first payment for the card form to confirm; when the user is already premium, requiresPayment is false. Takes no input',
    body: emptyBodySchema,
    forwards: BillingApi.createSubscription,
    timeoutMs: providerActionTimeout,
    // The provider's customer carries the account's email and name, as identity has them now.
    request: async ({ userId, services }) => {
      const user = await services.send(IdentityApi.getUser, { userId });
      const name = `${user.firstName} ${user.lastName}`.trim().slice(0, CUSTOMER_NAME_MAX);
      return { userId: user.id, email: user.email, name };
    },
  }),
  declareRoute({
    route: 'POST subscription/cancel',
    summary:
      'Sets the subscription to end at the end of the paid period (premium lasts until then) and answers when; 404 without a subscription. Takes no input',
    body: emptyBodySchema,
    forwards: BillingApi.cancelSubscription,
    timeoutMs: providerActionTimeout,
  }),
  declareRoute({
    route: 'POST subscription/resume',
    summary:
      'Keeps a canceling subscription renewing; 409 when it is not set to end, 404 without a subscription. Takes no input',
    body: emptyBodySchema,
    forwards: BillingApi.resumeSubscription,
    timeoutMs: providerActionTimeout,
  }),
];
