export * from './errors.js';
export * from './live.js';
