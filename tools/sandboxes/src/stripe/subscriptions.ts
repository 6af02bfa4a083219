import type Stripe from 'stripe';
import type { SandboxLogger } from '../provider-descriptor.js';
import { cardError, invalidRequest, StripeApiError } from './errors.js';
import type { EventCause, EventLog } from './events.js';
import { newId, unixNow } from './ids.js';
import {
  invoiceObject,
  invoicePaymentObject,
  paymentIntentObject,
  subscriptionItemObject,
  subscriptionObject,
  type Period,
} from './objects.js';
import type { Payments } from './payments.js';
import { periodEnd } from './periods.js';
import { idOf, previousAttributes, snapshot } from './snapshot.js';
import type { StripeStore } from './store.js';

/** A subscription whose first invoice stays unpaid this long becomes `incomplete_expired`, as at Stripe. */
export const INCOMPLETE_EXPIRY_SECONDS = 23 * 60 * 60;
/** setTimeout's longest wait (about 24.8 days); a month is longer, so long waits are taken in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export type PaymentBehavior =
  'allow_incomplete' | 'default_incomplete' | 'error_if_incomplete' | 'pending_if_incomplete';

export interface NewSubscription {
  customer: Stripe.Customer;
  price: Stripe.Price;
  quantity: number;
  paymentBehavior: PaymentBehavior;
  saveDefaultPaymentMethod: 'off' | 'on_subscription' | null;
  defaultPaymentMethod: Stripe.PaymentMethod | null;
  metadata: Stripe.Metadata;
  description: string | null;
  cancelAtPeriodEnd: boolean;
}

export interface SubscriptionChanges {
  cancelAtPeriodEnd?: boolean;
  /** A time, the current period's end, or null to clear. */
  cancelAt?: number | 'period_end' | null;
  metadata?: Stripe.Metadata;
  description?: string | null;
  defaultPaymentMethod?: string | null;
  cancellationComment?: string | null;
  cancellationFeedback?: Stripe.Subscription.CancellationDetails.Feedback | null;
}

/** The one item a stand-in subscription bills. */
export function itemOf(subscription: Stripe.Subscription): Stripe.SubscriptionItem {
  return subscription.items.data[0]!;
}

const ENDED: readonly string[] = ['canceled', 'incomplete_expired'];

/**
 * Subscriptions and their invoices: created `incomplete` with an open first invoice, active once it is paid,
 * renewed (a new invoice charged to the saved card) or ended at each period's end by a timer.
 */
export class Subscriptions {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly store: StripeStore,
    private readonly events: EventLog,
    private readonly payments: Payments,
    private readonly settings: {
      periodSeconds: number;
      /** The authentication page for a renewal that needs the customer (no browser request to take the address from). */
      authenticationUrl(intent: Stripe.PaymentIntent): string;
    },
    private readonly logger: SandboxLogger,
  ) {
    payments.followWith({
      succeeded: (intent, cause) => this.invoicePaid(intent, cause),
      failed: (intent, cause) => this.invoicePaymentFailed(intent, cause, 'invoice.payment_failed'),
      requiresAction: (intent, cause) => this.invoicePaymentFailed(intent, cause, 'invoice.payment_action_required'),
    });
  }

  create(
    input: NewSubscription,
    cause: EventCause | null,
    authenticationUrl: (intent: Stripe.PaymentIntent) => string,
  ) {
    const { customer, price } = input;
    const recurring = price.recurring!;
    // Anything but default_incomplete pays at once, so it needs a card to charge before anything is created.
    const method =
      input.paymentBehavior === 'default_incomplete'
        ? null
        : (input.defaultPaymentMethod ?? this.customerCard(customer));
    if (input.paymentBehavior !== 'default_incomplete' && !method) {
      throw invalidRequest(
        'This customer has no attached payment source or default payment method. Please consider adding a default payment method. For more information, visit https://stripe.com/docs/billing/subscriptions/payment-methods-setting#payment-method-priority.',
        undefined,
        'resource_missing',
      );
    }
    if (input.paymentBehavior === 'error_if_incomplete' && method) this.refuseUnlessItPays(method);

    const now = unixNow();
    const id = newId('sub');
    const period = { start: now, end: periodEnd(now, now, recurring, this.settings.periodSeconds) };
    const item = subscriptionItemObject(id, price, input.quantity, period, now);
    const subscription = subscriptionObject(
      {
        id,
        customer: customer.id,
        currency: price.currency,
        items: [item],
        metadata: input.metadata,
        description: input.description,
        defaultPaymentMethod: input.defaultPaymentMethod?.id ?? null,
        saveDefaultPaymentMethod: input.saveDefaultPaymentMethod,
      },
      now,
    );
    if (input.cancelAtPeriodEnd) this.setCancelAtPeriodEnd(subscription, true, now);
    this.store.subscriptions.set(id, subscription);
    const invoice = this.openInvoice(subscription, 'subscription_create', { start: now, end: now }, period);
    this.events.record('customer.subscription.created', subscription, { cause, orderingKey: id });
    this.announceInvoice(invoice, cause);

    if (method) {
      const intent = this.store.intentOfInvoice(invoice.id)!;
      try {
        this.payments.confirm(intent, method, { returnUrl: null, offSession: false, authenticationUrl }, cause);
      } catch (error) {
        // allow_incomplete: a declined first payment leaves the subscription incomplete, and it is still created.
        if (!(error instanceof StripeApiError) || error.status !== 402) throw error;
      }
    }
    this.schedule(subscription);
    return subscription;
  }

  /** Cancel at the period's end, or not; set or clear `cancel_at`; metadata; the default card. */
  update(subscription: Stripe.Subscription, changes: SubscriptionChanges, cause: EventCause | null): void {
    const onlyNotes = Object.keys(changes).every((key) =>
      ['metadata', 'cancellationComment', 'cancellationFeedback'].includes(key),
    );
    if (ENDED.includes(subscription.status) && !onlyNotes) {
      throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.');
    }
    const before = snapshot(subscription);
    const now = unixNow();
    if (changes.cancelAtPeriodEnd !== undefined)
      this.setCancelAtPeriodEnd(subscription, changes.cancelAtPeriodEnd, now);
    if (changes.cancelAt !== undefined) {
      if (changes.cancelAt === null) this.setCancelAtPeriodEnd(subscription, false, now);
      else if (changes.cancelAt === 'period_end') this.setCancelAtPeriodEnd(subscription, true, now);
      else {
        subscription.cancel_at = changes.cancelAt;
        subscription.cancel_at_period_end = false;
        subscription.canceled_at ??= now;
        subscription.cancellation_details = { ...subscription.cancellation_details!, reason: 'cancellation_requested' };
      }
    }
    if (changes.metadata) subscription.metadata = changes.metadata;
    if (changes.description !== undefined) subscription.description = changes.description;
    if (changes.defaultPaymentMethod !== undefined) subscription.default_payment_method = changes.defaultPaymentMethod;
    if (changes.cancellationComment !== undefined || changes.cancellationFeedback !== undefined) {
      subscription.cancellation_details = {
        ...subscription.cancellation_details!,
        ...(changes.cancellationComment !== undefined ? { comment: changes.cancellationComment } : {}),
        ...(changes.cancellationFeedback !== undefined ? { feedback: changes.cancellationFeedback } : {}),
      };
    }
    this.announceChange(subscription, before, cause);
    this.schedule(subscription);
  }

  /** `DELETE /v1/subscriptions/:id`: ends it now. */
  cancelNow(subscription: Stripe.Subscription, cause: EventCause | null): void {
    if (ENDED.includes(subscription.status)) {
      throw invalidRequest(
        `This subscription has already been ${subscription.status === 'canceled' ? 'canceled' : 'expired'}.`,
        undefined,
        'resource_missing',
      );
    }
    const now = unixNow();
    this.end(subscription, now, 'cancellation_requested', cause, now);
  }

  close(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  // ---- invoices and their payments

  /** A finalized invoice for the subscription's item with the PaymentIntent that pays it; events come separately. */
  private openInvoice(
    subscription: Stripe.Subscription,
    billingReason: 'subscription_create' | 'subscription_cycle',
    invoicePeriod: Period,
    linePeriod: Period,
  ): Stripe.Invoice {
    const customer = this.store.customer(idOf(subscription.customer));
    const item = itemOf(subscription);
    const productId = typeof item.price.product === 'string' ? item.price.product : item.price.product.id;
    const now = unixNow();
    const invoice = invoiceObject(
      {
        customer,
        subscription,
        item,
        productName: this.store.products.get(productId)?.name ?? 'Subscription',
        billingReason,
        invoicePeriod,
        linePeriod,
        number: this.store.nextInvoiceNumber(customer),
      },
      now,
    );
    const intent = paymentIntentObject(
      {
        amount: invoice.amount_due,
        currency: invoice.currency,
        customer: customer.id,
        description: billingReason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
        // Saving the card for the subscription is what lets renewals charge it without the customer.
        setupFutureUsage:
          subscription.payment_settings?.save_default_payment_method === 'on_subscription' ? 'off_session' : null,
      },
      now,
    );
    this.store.invoices.set(invoice.id, invoice);
    this.store.paymentIntents.set(intent.id, intent);
    this.store.invoicePayments.set(invoice.id, invoicePaymentObject(invoice, intent.id, now));
    this.store.invoiceOfIntent.set(intent.id, invoice.id);
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  private announceInvoice(invoice: Stripe.Invoice, cause: EventCause | null): void {
    const orderingKey = this.subscriptionOf(invoice)?.id ?? invoice.id;
    this.events.record('invoice.created', invoice, { cause, orderingKey });
    this.events.record('invoice.finalized', invoice, { cause, orderingKey });
    const intent = this.store.intentOfInvoice(invoice.id);
    if (intent) this.events.record('payment_intent.created', intent, { cause, orderingKey });
  }

  private invoicePaid(intent: Stripe.PaymentIntent, cause: EventCause | null): void {
    const invoice = this.invoiceOf(intent);
    if (!invoice || invoice.status !== 'open') return;
    const now = unixNow();
    Object.assign(invoice, {
      status: 'paid',
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      attempted: true,
      attempt_count: invoice.attempt_count + 1,
      next_payment_attempt: null,
      status_transitions: { ...invoice.status_transitions, paid_at: now },
    } satisfies Partial<Stripe.Invoice>);
    const payment = this.store.invoicePayments.get(invoice.id);
    if (payment) {
      Object.assign(payment, {
        status: 'paid',
        amount_paid: invoice.amount_paid,
        status_transitions: { ...payment.status_transitions, paid_at: now },
      } satisfies Partial<Stripe.InvoicePayment>);
    }
    const subscription = this.subscriptionOf(invoice);
    const current = subscription?.latest_invoice === invoice.id ? subscription : undefined;
    const before = current && snapshot(current);
    if (current?.status === 'incomplete') {
      // The first period starts when the first invoice is paid (Stripe starts it at creation); with short test
      // periods this keeps the whole period for the test, and the renewal date is a full period after payment.
      const item = itemOf(current);
      const period = { start: now, end: periodEnd(now, now, item.price.recurring!, this.settings.periodSeconds) };
      current.billing_cycle_anchor = now;
      item.current_period_start = period.start;
      item.current_period_end = period.end;
      invoice.lines.data[0]!.period = { ...period };
      if (current.cancel_at_period_end) current.cancel_at = period.end;
      current.status = 'active';
    } else if (current?.status === 'past_due') {
      current.status = 'active';
    }
    if (
      current?.payment_settings?.save_default_payment_method === 'on_subscription' &&
      typeof intent.payment_method === 'string'
    ) {
      current.default_payment_method = intent.payment_method;
    }
    const orderingKey = subscription?.id ?? invoice.id;
    this.events.record('invoice.paid', invoice, { cause, orderingKey });
    this.events.record('invoice.payment_succeeded', invoice, { cause, orderingKey });
    if (current && before) {
      this.announceChange(current, before, cause);
      this.schedule(current);
    }
  }

  private invoicePaymentFailed(
    intent: Stripe.PaymentIntent,
    cause: EventCause | null,
    type: 'invoice.payment_failed' | 'invoice.payment_action_required',
  ): void {
    const invoice = this.invoiceOf(intent);
    if (!invoice || invoice.status !== 'open') return;
    invoice.attempted = true;
    invoice.attempt_count += 1;
    const subscription = this.subscriptionOf(invoice);
    this.events.record(type, invoice, { cause, orderingKey: subscription?.id ?? invoice.id });
    // A renewal that does not go through makes the subscription past_due; a first payment leaves it incomplete.
    if (subscription?.status === 'active' && invoice.billing_reason === 'subscription_cycle') {
      const before = snapshot(subscription);
      subscription.status = 'past_due';
      this.announceChange(subscription, before, cause);
    }
  }

  // ---- the period's end

  /** When the subscription next needs the timer: the period's end, a cancel_at, or an unpaid start's expiry. */
  private deadline(subscription: Stripe.Subscription): number | null {
    if (subscription.status === 'incomplete') return subscription.created + INCOMPLETE_EXPIRY_SECONDS;
    if (subscription.status !== 'active' && subscription.status !== 'past_due') return null;
    const end = itemOf(subscription).current_period_end;
    return subscription.cancel_at !== null ? Math.min(end, subscription.cancel_at) : end;
  }

  private schedule(subscription: Stripe.Subscription): void {
    clearTimeout(this.timers.get(subscription.id));
    this.timers.delete(subscription.id);
    const deadline = this.deadline(subscription);
    if (deadline === null) return;
    const wait = Math.max(0, deadline * 1000 - Date.now());
    const timer = setTimeout(
      () => {
        this.timers.delete(subscription.id);
        if (Date.now() < deadline * 1000) this.schedule(subscription);
        else this.reachDeadline(subscription);
      },
      Math.min(wait, LONGEST_TIMER_MS),
    );
    timer.unref();
    this.timers.set(subscription.id, timer);
  }

  private reachDeadline(subscription: Stripe.Subscription): void {
    try {
      const now = unixNow();
      if (subscription.status === 'incomplete') return this.expire(subscription, now);
      const end = itemOf(subscription).current_period_end;
      if (subscription.cancel_at !== null && subscription.cancel_at <= end) {
        return this.end(subscription, subscription.cancel_at, 'cancellation_requested', null, now);
      }
      // Still unpaid a whole period later: the retries are over, and the subscription ends.
      if (subscription.status === 'past_due') return this.end(subscription, end, 'payment_failed', null, now);
      this.renew(subscription);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.error({ err: { message } }, `subscription ${subscription.id} at its deadline: ${message}`);
    }
  }

  /** A new period: its invoice, charged off-session to the saved card. */
  private renew(subscription: Stripe.Subscription): void {
    const before = snapshot(subscription);
    const item = itemOf(subscription);
    const previous = { start: item.current_period_start, end: item.current_period_end };
    const next = {
      start: previous.end,
      end: periodEnd(
        subscription.billing_cycle_anchor,
        previous.end,
        item.price.recurring!,
        this.settings.periodSeconds,
      ),
    };
    item.current_period_start = next.start;
    item.current_period_end = next.end;
    const invoice = this.openInvoice(subscription, 'subscription_cycle', previous, next);
    this.announceChange(subscription, before, null);
    this.announceInvoice(invoice, null);
    this.schedule(subscription);

    const customer = this.store.customer(idOf(subscription.customer));
    const saved = subscription.default_payment_method;
    const methodId = saved ? idOf(saved) : this.customerCard(customer)?.id;
    const intent = this.store.intentOfInvoice(invoice.id)!;
    if (!methodId) {
      this.invoicePaymentFailed(intent, null, 'invoice.payment_failed');
      return;
    }
    try {
      this.payments.confirm(
        intent,
        this.store.paymentMethod(methodId),
        { returnUrl: null, offSession: true, authenticationUrl: this.settings.authenticationUrl },
        null,
      );
    } catch (error) {
      if (!(error instanceof StripeApiError) || error.status !== 402) throw error;
    }
  }

  private end(
    subscription: Stripe.Subscription,
    endedAt: number,
    reason: Stripe.Subscription.CancellationDetails.Reason,
    cause: EventCause | null,
    now: number,
  ): void {
    subscription.status = 'canceled';
    subscription.ended_at = endedAt;
    subscription.canceled_at ??= now;
    subscription.cancel_at ??= endedAt;
    subscription.cancellation_details = { ...subscription.cancellation_details!, reason };
    this.schedule(subscription);
    this.events.record('customer.subscription.deleted', subscription, { cause, orderingKey: subscription.id });
  }

  /** Unpaid 23 hours after creation: `incomplete_expired`, its invoice voided and its payment canceled. */
  private expire(subscription: Stripe.Subscription, now: number): void {
    const before = snapshot(subscription);
    subscription.status = 'incomplete_expired';
    subscription.ended_at = now;
    const invoice = subscription.latest_invoice
      ? this.store.invoices.get(idOf(subscription.latest_invoice))
      : undefined;
    if (invoice?.status === 'open') {
      invoice.status = 'void';
      invoice.status_transitions = { ...invoice.status_transitions, voided_at: now };
      this.events.record('invoice.voided', invoice, { cause: null, orderingKey: subscription.id });
      const intent = this.store.intentOfInvoice(invoice.id);
      if (intent && intent.status !== 'succeeded') {
        Object.assign(intent, {
          status: 'canceled',
          canceled_at: now,
          cancellation_reason: 'void_invoice',
          next_action: null,
        } satisfies Partial<Stripe.PaymentIntent>);
        this.events.record('payment_intent.canceled', intent, { cause: null, orderingKey: subscription.id });
      }
    }
    this.schedule(subscription);
    this.announceChange(subscription, before, null);
  }

  // ---- helpers

  private setCancelAtPeriodEnd(subscription: Stripe.Subscription, cancel: boolean, now: number): void {
    subscription.cancel_at_period_end = cancel;
    if (cancel) {
      subscription.cancel_at = itemOf(subscription).current_period_end;
      subscription.canceled_at = now;
      subscription.cancellation_details = { ...subscription.cancellation_details!, reason: 'cancellation_requested' };
    } else {
      subscription.cancel_at = null;
      subscription.canceled_at = null;
      subscription.cancellation_details = { comment: null, feedback: null, feedback_option: null, reason: null };
    }
  }

  /** `customer.subscription.updated` with what changed, when anything did. */
  private announceChange(subscription: Stripe.Subscription, before: Stripe.Subscription, cause: EventCause | null) {
    const previous = previousAttributes(before, subscription);
    if (Object.keys(previous).length === 0) return;
    this.events.record('customer.subscription.updated', subscription, {
      cause,
      orderingKey: subscription.id,
      previous,
    });
  }

  private customerCard(customer: Stripe.Customer): Stripe.PaymentMethod | null {
    const id = customer.invoice_settings.default_payment_method;
    return typeof id === 'string' ? (this.store.paymentMethods.get(id) ?? null) : null;
  }

  /** error_if_incomplete: a card that would not pay at once is refused before anything is created. */
  private refuseUnlessItPays(method: Stripe.PaymentMethod): void {
    const behaviour = this.store.cardBehaviours.get(method.id);
    if (behaviour?.kind === 'declines') {
      throw cardError(behaviour.code, { decline_code: behaviour.declineCode, message: behaviour.message });
    }
    if (behaviour?.kind !== 'succeeds') {
      throw invalidRequest(
        'This payment requires authentication, which error_if_incomplete does not allow. Use default_incomplete and confirm the first invoice in the browser.',
        'payment_behavior',
      );
    }
  }

  private invoiceOf(intent: Stripe.PaymentIntent): Stripe.Invoice | undefined {
    const id = this.store.invoiceOfIntent.get(intent.id);
    return id ? this.store.invoices.get(id) : undefined;
  }

  private subscriptionOf(invoice: Stripe.Invoice): Stripe.Subscription | undefined {
    const id = invoice.parent?.subscription_details?.subscription;
    return typeof id === 'string' ? this.store.subscriptions.get(id) : undefined;
  }
}
