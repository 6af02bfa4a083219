import Stripe from 'stripe';
import { newId, unixNow } from './ids.js';
import { snapshot } from './snapshot.js';

/** The API version the installed `stripe` package pins; events are rendered at it. */
export const API_VERSION: string = Stripe.API_VERSION;

/** The events this stand-in sends, each typed as the `stripe` package types it. */
export type StandInEvent =
  | Stripe.CustomerCreatedEvent
  | Stripe.CustomerUpdatedEvent
  | Stripe.CustomerSubscriptionCreatedEvent
  | Stripe.CustomerSubscriptionUpdatedEvent
  | Stripe.CustomerSubscriptionDeletedEvent
  | Stripe.InvoiceCreatedEvent
  | Stripe.InvoiceFinalizedEvent
  | Stripe.InvoicePaidEvent
  | Stripe.InvoicePaymentSucceededEvent
  | Stripe.InvoicePaymentFailedEvent
  | Stripe.InvoicePaymentActionRequiredEvent
  | Stripe.InvoiceVoidedEvent
  | Stripe.PaymentIntentCreatedEvent
  | Stripe.PaymentIntentSucceededEvent
  | Stripe.PaymentIntentPaymentFailedEvent
  | Stripe.PaymentIntentRequiresActionEvent
  | Stripe.PaymentIntentCanceledEvent
  | Stripe.PaymentMethodAttachedEvent
  | Stripe.ProductCreatedEvent
  | Stripe.PriceCreatedEvent
  | Stripe.PriceUpdatedEvent;

export type StandInEventType = StandInEvent['type'];
type EventOf<T extends StandInEventType> = Extract<StandInEvent, { type: T }>;
type ObjectOf<T extends StandInEventType> = EventOf<T>['data']['object'];

/** The API request an event came from (`event.request`); null for what the stand-in does on its own (renewals). */
export interface EventCause {
  requestId: string;
  idempotencyKey: string | null;
}

/** Where an event goes after it is recorded: the webhook sender. */
export type EventSink = (event: StandInEvent, orderingKey: string) => void;

/** How many events are kept for `GET /v1/events` (Stripe keeps 30 days). */
export const EVENTS_KEPT = 5000;

/** Every event, newest last, for `GET /v1/events`; each one is also handed to the sink to be sent. */
export class EventLog {
  private readonly events = new Map<string, StandInEvent>();
  private sink: EventSink = () => undefined;

  constructor(private readonly pendingWebhooks: () => number) {}

  sendTo(sink: EventSink): void {
    this.sink = sink;
  }

  /**
   * Records an event about `object` as it is now. `orderingKey` keeps the webhooks of one subscription (its invoices
   * and payments included) in order.
   */
  record<T extends StandInEventType>(
    type: T,
    object: ObjectOf<T>,
    options: { cause: EventCause | null; orderingKey: string; previous?: Partial<ObjectOf<T>> },
  ): EventOf<T> {
    const event = {
      id: newId('evt'),
      object: 'event' as const,
      api_version: API_VERSION,
      created: unixNow(),
      data: {
        object: snapshot(object),
        ...(options.previous ? { previous_attributes: snapshot(options.previous) } : {}),
      },
      livemode: false,
      pending_webhooks: this.pendingWebhooks(),
      request: { id: options.cause?.requestId ?? null, idempotency_key: options.cause?.idempotencyKey ?? null },
      type,
    };
    // `type` and `data.object` are paired by the signature above; TypeScript cannot follow that through the generic.
    const typed = event as unknown as EventOf<T>;
    this.events.set(typed.id, typed);
    if (this.events.size > EVENTS_KEPT) this.events.delete(this.events.keys().next().value!);
    this.sink(typed, options.orderingKey);
    return typed;
  }

  get(id: string): StandInEvent | undefined {
    return this.events.get(id);
  }

  /** Newest first, as Stripe lists. */
  list(): StandInEvent[] {
    return [...this.events.values()].reverse();
  }

  /** After delivery: no webhooks are pending for the event any more. */
  delivered(id: string): void {
    const event = this.events.get(id);
    if (event) event.pending_webhooks = 0;
  }
}
