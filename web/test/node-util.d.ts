// The web tsconfig has no Node types; the test polyfills need only these two from node:util.
declare module 'node:util' {
  export const TextEncoder: typeof globalThis.TextEncoder;
  export const TextDecoder: typeof globalThis.TextDecoder;
}
