// Stops the containers containers.global-setup.ts started (TESTCONTAINERS=1). Jest runs it after every
// project's own teardown, so the end-to-end system has stopped using them by then.
export default async function containersGlobalTeardown(): Promise<void> {
  const containers = globalThis.__TEST_CONTAINERS__;
  if (!containers) return;
  globalThis.__TEST_CONTAINERS__ = undefined;
  await containers.stop();
}
