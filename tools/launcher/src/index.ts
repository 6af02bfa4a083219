export * from './log-format.js';
export * from './local-env.js';
export * from './preflight.js';
export * from './sandboxes.js';
export * from './stack.js';
export { main } from './start.js';
export * from './isolated/free-port.js';
export * from './isolated/isolated-stack.js';
export * from './isolated/private-nats.js';
