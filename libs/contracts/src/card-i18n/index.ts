export * from './card-catalog.js';
export * from './card-texts.js';
export * from './catalogs.js';
export * from './language-negotiation.js';
export * from './first-minute-labels.js';
export * from './country-languages.js';
