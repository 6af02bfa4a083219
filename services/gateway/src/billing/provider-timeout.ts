import type { GatewayConfig } from '../config.js';

/** Billing may call the payment provider several times for one action; Stripe answers within seconds, rarely more. */
const PROVIDER_ACTION_TIMEOUT_MS = 20_000;

/**
 * How long the gateway waits for a billing action that calls the provider: longer than a plain question, so a slow
 * but successful payment step is not reported as failed (a retry would be safe, by idempotency key, but confusing).
 */
export function providerActionTimeout(config: Pick<GatewayConfig, 'NATS_REQUEST_TIMEOUT_MS'>): number {
  return Math.max(config.NATS_REQUEST_TIMEOUT_MS, PROVIDER_ACTION_TIMEOUT_MS);
}
