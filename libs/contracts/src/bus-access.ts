import { BillingApi, BillingPatterns } from './billing-api.js';
import { DurableEvents, type DurableEvent } from './events.js';
import { healthPattern } from './health.js';
import { IdentityApi, IdentityPatterns } from './identity-api.js';
import { PrivacyApi } from './privacy-api.js';
import type { AnyMessage } from './message.js';
import { RecordsApi, RecordsPatterns } from './records-api.js';
import { SERVICE_NAMES, type ServiceName } from './services.js';
import { ShopApi, ShopPatterns } from './shop/shop-messages.js';

/** Every process that connects to NATS: the five services and the gateway. Each is a NATS user of its own. */
export const BUS_PROCESSES = [...SERVICE_NAMES, 'gateway'] as const;
export type BusProcess = (typeof BUS_PROCESSES)[number];

/** What one process may do on the bus; NATS permissions are made from this and nothing else. */
export interface BusAccess {
  /** The service whose requests it answers (`<service>.>`), if any. */
  answers?: ServiceName;
  /** Request/reply patterns of other services it may call. */
  calls: readonly string[];
  /** Durable events it publishes. */
  publishes: readonly DurableEvent[];
  /** Durable events it consumes through its own durable consumer (named after the process). */
  consumes: readonly DurableEvent[];
  /** Durable events it watches live on every replica, without a consumer. */
  observes: readonly DurableEvent[];
}

/** Every request/reply message of the five services, declared with its schemas. */
const DECLARED: readonly AnyMessage[] = [
  ...Object.values(IdentityApi),
  ...Object.values(RecordsApi),
  ...Object.values(BillingApi),
  ...Object.values(ShopApi),
  ...Object.values(PrivacyApi),
];

/**
 * Patterns that only services call (`calledBy: 'services'`), each for a narrow reason (privacy's erasure and export,
 * the shop's printed tags and payments, records asking identity to mail the link that proves an anonymous code's
 * email or the reminder that a code's facts went unchecked, and the shop and billing asking identity to mail a receipt). The gateway, which acts for a signed-in person,
 * never calls them; every other pattern of a service is the gateway's to call.
 */
const SERVICE_TO_SERVICE = new Set<string>(
  DECLARED.filter((message) => message.calledBy === 'services').map((message) => message.pattern),
);

const ALL_PATTERNS: readonly string[] = DECLARED.map((message) => message.pattern);

/**
 * Who may do what. Only the gateway calls what a person asks for (records of any user id, carts,
 * accounts); a service calls another only where its own work needs it, so a compromised shop
 * cannot list anyone's medical records.
 */
export const BUS_ACCESS: Record<BusProcess, BusAccess> = {
  identity: {
    answers: 'identity',
    calls: [],
    publishes: [],
    consumes: [DurableEvents.cardScanned, DurableEvents.healthLinkOpened],
    observes: [],
  },
  records: {
    answers: 'records',
    calls: [
      BillingPatterns.premiumStatus,
      IdentityPatterns.mailCodeConfirmation,
      IdentityPatterns.mailFactsReminder,
      IdentityPatterns.mailFamilyAlert,
    ],
    publishes: [DurableEvents.cardScanned, DurableEvents.familyAlertChanged, DurableEvents.healthLinkOpened],
    consumes: [DurableEvents.subscriptionUpdated],
    observes: [],
  },
  billing: {
    answers: 'billing',
    calls: [IdentityPatterns.mailReceipt],
    publishes: [
      DurableEvents.paymentEventReceived,
      DurableEvents.subscriptionUpdated,
      DurableEvents.merchPaymentSucceeded,
    ],
    consumes: [DurableEvents.paymentEventReceived],
    observes: [],
  },
  shop: {
    answers: 'shop',
    calls: [
      BillingPatterns.createMerchPayment,
      IdentityPatterns.mailReceipt,
      RecordsPatterns.active,
      RecordsPatterns.issueTag,
      RecordsPatterns.listTags,
      RecordsPatterns.revokeTag,
    ],
    publishes: [DurableEvents.cartCleared],
    consumes: [DurableEvents.merchPaymentSucceeded],
    observes: [],
  },
  privacy: {
    answers: 'privacy',
    calls: [
      IdentityPatterns.getUser,
      IdentityPatterns.eraseUser,
      RecordsPatterns.exportPage,
      RecordsPatterns.exportCurrent,
      RecordsPatterns.eraseUser,
      RecordsPatterns.setConsent,
      BillingPatterns.exportUser,
      BillingPatterns.eraseUser,
      ShopPatterns.cartList,
      ShopPatterns.ordersExportPage,
      ShopPatterns.savedShippingAddress,
      ShopPatterns.eraseUser,
    ],
    publishes: [DurableEvents.userErased],
    consumes: [],
    observes: [],
  },
  gateway: {
    calls: [
      ...ALL_PATTERNS.filter((pattern) => !SERVICE_TO_SERVICE.has(pattern)),
      ...SERVICE_NAMES.map((service) => healthPattern(service)),
    ],
    publishes: [],
    consumes: [DurableEvents.userErased],
    observes: [
      DurableEvents.cardScanned,
      DurableEvents.familyAlertChanged,
      DurableEvents.healthLinkOpened,
      DurableEvents.subscriptionUpdated,
      DurableEvents.cartCleared,
    ],
  },
};
