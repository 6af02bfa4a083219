export * from './countries.js';
export * from './merch-pricing.js';
export * from './shop-catalog.js';
export * from './shop-api.js';
export * from './shop-messages.js';
