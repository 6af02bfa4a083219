import { z } from 'zod';
import {
  BillingEvents,
  merchPaymentSucceededSchema,
  paymentEventReceivedSchema,
  subscriptionUpdatedSchema,
} from './billing.js';
import { PrivacyEvents, userErasedSchema } from './privacy.js';
import { familyAlertChangedSchema } from './family-alerts.js';
import { healthLinkOpenedSchema } from './health-links.js';
import { cardScannedEventSchema, RecordsEvents } from './records.js';
import { cartClearedSchema, ShopEvents } from './shop/shop-api.js';

/**
 * An event that must not be lost: kept in a durable stream, delivered at least once to every
 * consuming service, and handled idempotently by its id. The subject is `<noun>.<past-tense>`;
 * renaming it strands events still waiting in the old stream.
 */
export interface DurableEvent<S extends z.ZodType = z.ZodType> {
  readonly subject: string;
  readonly schema: S;
  /**
   * The schema's version, written in every envelope. Raise it when the data changes shape: add fields (readers ignore
   * what they do not know), never remove or retype one a reader still needs (docs/decisions.md, "Two versions side by
   * side"). A reader that cannot read an event logs the version it was written with.
   */
  readonly version: number;
}

export type DurableEventData<E extends DurableEvent> = z.output<E['schema']>;

export function durableEvent<S extends z.ZodType>(subject: string, schema: S, version = 1): DurableEvent<S> {
  return { subject, schema, version };
}

/**
 * An event's id: a UUID, or a natural key of the fact (a provider's event id) so that a retried
 * trigger publishes the same id. Plain characters only: it becomes a header and a job id.
 */
export const eventIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,128}$/, 'letters, digits, "_" or "-", 8 to 128');

/** What travels on the wire for every durable event: its id, when it happened, and its data. */
export const eventEnvelopeSchema = z.object({
  id: eventIdSchema,
  occurredAt: z.iso.datetime(),
  /** The event schema's version the data was written with; 1 when absent (events written before versions). */
  version: z.number().int().positive().default(1),
  data: z.unknown(),
});
export type EventEnvelope = z.infer<typeof eventEnvelopeSchema>;

/** Every event that must not be lost. A new one is a line here (and its schema). */
export const DurableEvents = {
  /** Records decided a premium owner's card view deserves an alert; identity mails it, the gateway pushes it. */
  cardScanned: durableEvent(RecordsEvents.cardScanned, cardScannedEventSchema),
  /** A family alert was sent, acknowledged or left unanswered; gateways push it to the owner's tabs. */
  familyAlertChanged: durableEvent(RecordsEvents.familyAlertChanged, familyAlertChangedSchema),
  /** A reader opened a health link; identity mails the owner, gateways push it to the owner's tabs. */
  healthLinkOpened: durableEvent(RecordsEvents.healthLinkOpened, healthLinkOpenedSchema),
  /** A signed provider webhook, accepted and answered; billing does its work from here, once per provider event id. */
  paymentEventReceived: durableEvent(BillingEvents.paymentEventReceived, paymentEventReceivedSchema),
  /** A user's premium access changed: records lifts or restores expiry, gateways push `subscription_updated`. */
  subscriptionUpdated: durableEvent(BillingEvents.subscriptionUpdated, subscriptionUpdatedSchema),
  /** A merch payment went through; the shop makes its orders once per checkout and sends them to print. */
  merchPaymentSucceeded: durableEvent(BillingEvents.merchPaymentSucceeded, merchPaymentSucceededSchema),
  /** A paid checkout became orders: gateways push `cart_cleared` to the buyer's tabs (cart, count and orders refresh). */
  cartCleared: durableEvent(ShopEvents.cartCleared, cartClearedSchema),
  /** A person's data is erased everywhere: a gateway ends all their sessions (shared in Redis, so once is enough). */
  userErased: durableEvent(PrivacyEvents.userErased, userErasedSchema),
} as const;
