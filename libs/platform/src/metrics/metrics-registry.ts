import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The process's own registry (not prom-client's global one), so a library that registers on the
 * global registry can never add series we did not choose. Every metric of the platform lives here.
 */
export const metricsRegistry = new Registry();

let collecting = false;

/**
 * Labels every series with the process's name and adds Node's runtime metrics (CPU, memory, event
 * loop lag, GC). Once per process; later calls change nothing.
 */
export function collectProcessMetrics(service: string): void {
  if (collecting) return;
  collecting = true;
  metricsRegistry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: metricsRegistry });
}
