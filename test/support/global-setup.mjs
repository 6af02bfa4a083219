// One system for the end-to-end suites (built code, as `npm start` runs it, isolated from any
// running stack); its URL reaches the test workers through the environment.
import { startIsolatedStack } from '@medical-qr/launcher';

export default async function globalSetup() {
  const system = await startIsolatedStack('e2e');
  globalThis.__E2E_SYSTEM__ = system;
  process.env.E2E_BASE_URL = system.url;
  process.env.E2E_DATABASE_URL = system.env.DATABASE_URL;
  process.env.E2E_REDIS_PREFIX = system.env.REDIS_PREFIX;
}
