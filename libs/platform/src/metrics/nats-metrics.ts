import { Counter, Histogram } from 'prom-client';
import { metricsRegistry } from './metrics-registry.js';

/** Requests this service answered over NATS, by pattern and outcome (`ok`, an AppError code, or `error`). */
export const natsRequestsHandled = new Counter({
  name: 'nats_requests_handled_total',
  help: 'NATS requests handled by this service, by pattern and outcome (ok, an error code, or error)',
  labelNames: ['pattern', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const natsRequestHandleDuration = new Histogram({
  name: 'nats_request_handle_duration_seconds',
  help: 'Time this service took to answer a NATS request, by pattern',
  labelNames: ['pattern'] as const,
  registers: [metricsRegistry],
});

/** How a request to another service ended, as the caller saw it. */
export type NatsClientOutcome = 'ok' | 'error' | 'timeout' | 'unavailable';

export const natsClientRequests = new Counter({
  name: 'nats_client_requests_total',
  help: 'NATS requests this process sent to other services, by pattern and outcome (ok, error, timeout, unavailable)',
  labelNames: ['pattern', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const natsClientRequestDuration = new Histogram({
  name: 'nats_client_request_duration_seconds',
  help: 'Time until another service answered (or the request failed), by pattern',
  labelNames: ['pattern'] as const,
  registers: [metricsRegistry],
});
