export * from './log-format.js';
export * from './local-env.js';
export * from './preflight.js';
export * from './stack.js';
export { main } from './start.js';
