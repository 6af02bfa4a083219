import type Stripe from 'stripe';
import { checkCard, TEST_PAYMENT_METHODS, type CardBehaviour, type CardInput } from './cards.js';
import { cardErrorBody, invalidRequest, StripeApiError } from './errors.js';
import type { EventCause, EventLog } from './events.js';
import { newId, unixNow } from './ids.js';
import { cardPaymentMethodObject } from './objects.js';
import { snapshot } from './snapshot.js';
import type { StripeStore } from './store.js';

/** What follows a payment's outcome (the invoice it pays, the subscription that invoice bills). */
export interface PaymentFollowUps {
  succeeded(intent: Stripe.PaymentIntent, cause: EventCause | null): void;
  failed(intent: Stripe.PaymentIntent, cause: EventCause | null): void;
  requiresAction(intent: Stripe.PaymentIntent, cause: EventCause | null): void;
}

export interface ConfirmOptions {
  /** Where the authentication page sends the browser back (`return_url`). */
  returnUrl: string | null;
  /** A renewal: the customer is not there, so a card set up for it is charged without authentication. */
  offSession: boolean;
  /** The authentication page for this PaymentIntent, on the address the caller reached the stand-in at. */
  authenticationUrl(intent: Stripe.PaymentIntent): string;
}

const CONFIRMABLE: readonly string[] = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

/** Card PaymentMethods and the confirmation of PaymentIntents with them, as Stripe's test cards behave. */
export class Payments {
  private followUps: PaymentFollowUps = { succeeded() {}, failed() {}, requiresAction() {} };

  constructor(
    private readonly store: StripeStore,
    private readonly events: EventLog,
  ) {}

  followWith(followUps: PaymentFollowUps): void {
    this.followUps = followUps;
  }

  /** `POST /v1/payment_methods` with `type=card`: checks the card and keeps what it does, never its number. */
  createCard(
    card: CardInput,
    billing: Stripe.PaymentMethod.BillingDetails,
    metadata: Stripe.Metadata,
  ): Stripe.PaymentMethod {
    const checked = checkCard(card);
    const method = cardPaymentMethodObject(checked, billing, metadata, unixNow());
    this.store.paymentMethods.set(method.id, method);
    this.store.cardBehaviours.set(method.id, checked.behaviour);
    return method;
  }

  /** A PaymentMethod named in a call: a stored one, or one of Stripe's test ids (`pm_card_visa`), made on use. */
  usable(id: string, param: string): Stripe.PaymentMethod {
    const testCard = TEST_PAYMENT_METHODS[id];
    if (testCard) {
      const year = new Date().getUTCFullYear() + 3;
      return this.createCard({ number: testCard, expMonth: '12', expYear: String(year), cvc: '123' }, noBilling(), {});
    }
    return this.store.paymentMethod(id, param);
  }

  /** Attaches a PaymentMethod to a customer (`payment_method.attached`). */
  attach(method: Stripe.PaymentMethod, customer: string, cause: EventCause | null): void {
    if (method.customer === customer) return;
    if (method.customer) {
      throw invalidRequest(
        `The payment method you provided has already been attached to a customer.`,
        'payment_method',
        'payment_method_unexpected_state',
      );
    }
    method.customer = customer;
    this.events.record('payment_method.attached', method, { cause, orderingKey: customer });
  }

  /**
   * Confirms a PaymentIntent with a card: it succeeds, asks for authentication (`requires_action` with the stand-in's
   * page), or is declined — recorded, then answered as Stripe answers (402 `card_error` with the PaymentIntent).
   */
  confirm(
    intent: Stripe.PaymentIntent,
    method: Stripe.PaymentMethod,
    options: ConfirmOptions,
    cause: EventCause | null,
  ): void {
    if (!CONFIRMABLE.includes(intent.status)) {
      throw invalidRequest(
        intent.status === 'succeeded'
          ? 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.'
          : `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_action, requires_payment_method.`,
        undefined,
        'payment_intent_unexpected_state',
      );
    }
    const behaviour = this.store.cardBehaviours.get(method.id);
    if (!behaviour) throw invalidRequest('The stand-in can only charge card PaymentMethods.', 'payment_method');
    if (method.customer && intent.customer && method.customer !== intent.customer) {
      throw invalidRequest(
        "The provided PaymentMethod is attached to another customer. Use a PaymentMethod of this PaymentIntent's customer.",
        'payment_method',
      );
    }
    this.store.returnUrls.set(intent.id, options.returnUrl);
    switch (outcomeOf(behaviour, options.offSession)) {
      case 'succeeds':
        return this.succeed(intent, method, cause);
      case 'authenticates':
        return this.askForAuthentication(intent, method, options, cause);
      case 'declines': {
        const decline = behaviour.kind === 'declines' ? behaviour : undefined;
        const error = this.decline(
          intent,
          method,
          cardErrorBody(decline?.code ?? 'card_declined', {
            decline_code: decline?.declineCode,
            message: decline?.message,
          }),
          cause,
        );
        throw error;
      }
    }
  }

  /** The authentication page's answer: complete → the payment goes through; fail → Stripe's authentication failure. */
  authenticate(intent: Stripe.PaymentIntent, completed: boolean, cause: EventCause | null): void {
    if (intent.status !== 'requires_action' || typeof intent.payment_method !== 'string') return;
    const method = this.store.paymentMethod(intent.payment_method);
    if (completed) this.succeed(intent, method, cause);
    // Stripe reports a failed authentication as a request error, not a decline: no charge was attempted.
    else
      this.decline(
        intent,
        method,
        { ...cardErrorBody('payment_intent_authentication_failure'), type: 'invalid_request_error' },
        cause,
      );
  }

  /** The subscription whose events this PaymentIntent's belong with, else the PaymentIntent itself. */
  orderingKey(intent: Stripe.PaymentIntent): string {
    const invoiceId = this.store.invoiceOfIntent.get(intent.id);
    const subscription = invoiceId
      ? this.store.invoices.get(invoiceId)?.parent?.subscription_details?.subscription
      : undefined;
    return typeof subscription === 'string' ? subscription : intent.id;
  }

  private succeed(intent: Stripe.PaymentIntent, method: Stripe.PaymentMethod, cause: EventCause | null): void {
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      payment_method: method.id,
      latest_charge: newId('ch'),
      last_payment_error: null,
      next_action: null,
    } satisfies Partial<Stripe.PaymentIntent>);
    if (method.card?.checks?.cvc_check === 'unchecked') method.card.checks.cvc_check = 'pass';
    // A card paid with for future use (a subscription's first invoice) is kept on the customer.
    if (intent.setup_future_usage && typeof intent.customer === 'string' && !method.customer) {
      this.attach(method, intent.customer, cause);
    }
    this.events.record('payment_intent.succeeded', intent, { cause, orderingKey: this.orderingKey(intent) });
    this.followUps.succeeded(intent, cause);
  }

  private askForAuthentication(
    intent: Stripe.PaymentIntent,
    method: Stripe.PaymentMethod,
    options: ConfirmOptions,
    cause: EventCause | null,
  ): void {
    Object.assign(intent, {
      status: 'requires_action',
      payment_method: method.id,
      last_payment_error: null,
      next_action: {
        type: 'redirect_to_url',
        redirect_to_url: { url: options.authenticationUrl(intent), return_url: options.returnUrl },
      },
    } satisfies Partial<Stripe.PaymentIntent>);
    this.events.record('payment_intent.requires_action', intent, { cause, orderingKey: this.orderingKey(intent) });
    this.followUps.requiresAction(intent, cause);
  }

  /** Records a failed payment and gives the 402 Stripe answers with. */
  private decline(
    intent: Stripe.PaymentIntent,
    method: Stripe.PaymentMethod,
    error: Stripe.StripeRawError,
    cause: EventCause | null,
  ): StripeApiError {
    const charge = error.code === 'payment_intent_authentication_failure' ? undefined : newId('ch');
    const lastError: Stripe.PaymentIntent.LastPaymentError = {
      ...error,
      type: error.type ?? 'card_error',
      ...(charge ? { charge } : {}),
      payment_method: snapshot(method),
    };
    Object.assign(intent, {
      status: 'requires_payment_method',
      payment_method: null,
      next_action: null,
      last_payment_error: lastError,
      ...(charge ? { latest_charge: charge } : {}),
    } satisfies Partial<Stripe.PaymentIntent>);
    this.events.record('payment_intent.payment_failed', intent, { cause, orderingKey: this.orderingKey(intent) });
    this.followUps.failed(intent, cause);
    return new StripeApiError(402, {
      ...error,
      ...(charge ? { charge } : {}),
      payment_method: snapshot(method),
      payment_intent: snapshot(intent),
    });
  }
}

function outcomeOf(behaviour: CardBehaviour, offSession: boolean): 'succeeds' | 'authenticates' | 'declines' {
  switch (behaviour.kind) {
    case 'succeeds':
      return 'succeeds';
    case 'declines':
      return 'declines';
    case 'authenticates_on_session':
      return offSession ? 'succeeds' : 'authenticates';
    case 'authenticates_always':
      return 'authenticates';
  }
}

/** Billing details when none are given: a US card, as the card form's default country. */
export function noBilling(): Stripe.PaymentMethod.BillingDetails {
  return {
    address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
    email: null,
    name: null,
    phone: null,
    tax_id: null,
  };
}
