// Helpers for tests only, apart from the production barrel: `@medical-qr/platform/testing`.
export * from './fake-service-client.js';
export * from './nats-server.js';
export * from './prometheus-text.js';
