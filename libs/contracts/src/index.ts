export * from './audit.js';
export * from './auth.js';
export * from './errors.js';
export * from './health.js';
export * from './identity.js';
export * from './live.js';
export * from './services.js';
