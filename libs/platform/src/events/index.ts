export * from './consumes.decorator.js';
export * from './durable-consumer.js';
export * from './event-bus.js';
export * from './event-envelope.js';
export * from './event-streams.js';
export * from './events.module.js';
export * from './processed-events.js';
export * from './retry-delay.js';
