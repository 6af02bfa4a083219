import { Counter, Histogram } from 'prom-client';
import { metricsRegistry } from './metrics-registry.js';

/**
 * HTTP requests by route template (`/api/records/:id`, never the path a client sent: paths carry
 * tokens and ids, and a label per value would grow without end).
 */
export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from request to the end of the response, by method and route template',
  labelNames: ['method', 'route'] as const,
  registers: [metricsRegistry],
});
