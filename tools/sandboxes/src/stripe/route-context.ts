// The shapes the route files share with the stand-in, apart from it: route files import these, never the
// stand-in itself, so no module imports one that imports it back.
import type { EventLog } from './events.js';
import type { Access, endpoint, Handler } from './http.js';
import type { Payments } from './payments.js';
import type { StripeStore } from './store.js';
import type { Subscriptions } from './subscriptions.js';

export interface StandInSettings {
  publishableKey: string;
  webhookSecret: string;
  /** The product's webhook endpoint; undefined keeps events for `GET /v1/events` only. */
  webhookUrl: string | undefined;
  /** 0: calendar periods (a month for a monthly price); more: every period lasts this many seconds. */
  periodSeconds: number;
  webhookRetryMs: number;
}

/** What the route files get: the account's parts, and `api()` to declare an endpoint. */
export interface RouteContext {
  store: StripeStore;
  events: EventLog;
  payments: Payments;
  subscriptions: Subscriptions;
  /** A reply with the `expand[]` paths the call asked for. */
  reply<T extends object>(object: T, expand: readonly string[]): T;
  api(access: Access, handler: Handler): ReturnType<typeof endpoint>;
  settings: StandInSettings;
}
