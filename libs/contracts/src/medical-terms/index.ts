export * from './catalogue/index.js';
export * from './entry-text.js';
export * from './languages.js';
export * from './medical-term.js';
export * from './term-lookup.js';
export * from './medical-terms-api.js';
