import { Counter } from 'prom-client';
import { metricsRegistry } from './metrics-registry.js';

/** How a delivery of a durable event ended. */
export type EventOutcome = 'ok' | 'retry' | 'malformed';

export const eventsHandled = new Counter({
  name: 'events_handled_total',
  help: 'Durable event deliveries handled, by subject and outcome (ok, retry: the handler threw, malformed: dropped)',
  labelNames: ['subject', 'outcome'] as const,
  registers: [metricsRegistry],
});
