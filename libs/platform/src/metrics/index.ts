export * from './event-metrics.js';
export * from './http-metrics.js';
export * from './metrics-registry.js';
export * from './metrics-server.js';
export * from './nats-handler-metrics.interceptor.js';
export * from './nats-metrics.js';
export * from './queue-metrics.js';
export * from './batch-metrics.js';
