import { startTestStack, type TestStack } from './test-stack.js';

declare global {
  var __E2E_STACK__: TestStack | undefined;
}

/** One system for the end-to-end suites; its URL reaches the test workers through the environment. */
export default async function globalSetup() {
  const stack = await startTestStack('e2e');
  globalThis.__E2E_STACK__ = stack;
  process.env.E2E_BASE_URL = stack.url;
  process.env.E2E_DATABASE_URL = stack.env.DATABASE_URL;
  process.env.E2E_REDIS_PREFIX = stack.env.REDIS_PREFIX;
}
