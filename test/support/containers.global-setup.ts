// Opt-in test containers: with TESTCONTAINERS=1, PostgreSQL and Redis run in Docker for the whole run,
// and TEST_POSTGRES_URL and TEST_REDIS_URL point every test at them (Jest's workers inherit this
// process's environment). Without it, nothing happens: the suite uses the local servers.
//
// Jest runs each project's globalSetup before the top-level one, and the end-to-end system needs the
// containers when it starts. So the e2e project names this file too (Jest runs a file named twice once,
// with the e2e project's settings): the containers start first, then the system (global-setup.mjs).
import { join } from 'node:path';
import type { RunningTestContainers } from '../../tools/launcher/src/isolated/test-containers.js';

type TestContainersModule = typeof import('../../tools/launcher/src/isolated/test-containers.js');
type ProjectConfig = { rootDir: string; displayName?: { name?: string } };

declare global {
  var __TEST_CONTAINERS__: RunningTestContainers | undefined;
}

export default async function containersGlobalSetup(_globalConfig: unknown, project: ProjectConfig): Promise<void> {
  // Jest loads this file through its own transform, where a relative `.js` import of a TypeScript
  // source does not resolve; the source's absolute path does.
  const { startTestContainers, testContainersWanted } = (await import(
    join(project.rootDir, 'tools/launcher/src/isolated/test-containers.ts')
  )) as TestContainersModule;
  if (testContainersWanted() && !globalThis.__TEST_CONTAINERS__) {
    console.log('\nTESTCONTAINERS=1: starting PostgreSQL and Redis in Docker...');
    const containers = await startTestContainers().catch((error: Error) => {
      throw new Error(`TESTCONTAINERS=1 needs a running Docker engine: ${error.message}`, { cause: error });
    });
    globalThis.__TEST_CONTAINERS__ = containers;
    process.env.TEST_POSTGRES_URL = containers.postgresUrl;
    process.env.TEST_REDIS_URL = containers.redisUrl;
    console.log(
      `PostgreSQL at ${new URL(containers.postgresUrl).host}, Redis at ${new URL(containers.redisUrl).host}.`,
    );
  }
  if (project.displayName?.name === 'e2e') {
    const { default: e2eGlobalSetup } = (await import(join(project.rootDir, 'test/support/global-setup.mjs'))) as {
      default: () => Promise<void>;
    };
    await e2eGlobalSetup();
  }
}
