import { Counter } from 'prom-client';
import { metricsRegistry } from './metrics-registry.js';

export const batchItemsWritten = new Counter({
  name: 'batch_items_written_total',
  help: 'Items a write-behind buffer handed to its writer, by buffer and outcome (ok, failed: the write threw)',
  labelNames: ['buffer', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const batchItemsDropped = new Counter({
  name: 'batch_items_dropped_total',
  help: 'Items a full write-behind buffer dropped (the oldest first) because its writer could not keep up',
  labelNames: ['buffer'] as const,
  registers: [metricsRegistry],
});
