// One jest run for every layer: unit and service integration (node), web components (jsdom),
// and end-to-end through the gateway and a real browser (test/). ESM throughout: NestJS 12 is ESM-only.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2023',
      keepClassNames: true,
    },
    module: { type: 'es6' },
  },
];
const shared = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: {
    '^@medical-qr/(contracts|platform)$': '<rootDir>/libs/$1/src/index.ts',
    '^@medical-qr/platform/testing$': '<rootDir>/libs/platform/src/testing/index.ts',
    '^@medical-qr/launcher$': '<rootDir>/tools/launcher/src/index.ts',
    // A source's `./x.js` is `./x.ts`; a package's own `.json.js` modules (libphonenumber-js's metadata) stay as they are.
    '^(\\.{1,2}/.*)(?<!\\.json)\\.js$': '$1',
  },
};

// TESTCONTAINERS=1: PostgreSQL and Redis in Docker for the run (nothing without it). Top-level, so it
// serves every project; the e2e project names it too, because Jest runs project setups first and the
// end-to-end system needs the containers: that setup then starts the system (global-setup.mjs).
const containersSetup = '<rootDir>/test/support/containers.global-setup.ts';

export default {
  // Integration and end-to-end tests start real processes; on a busy 2-core machine that takes
  // seconds. (Jest reads this only at the top level, not per project.)
  testTimeout: 60_000,
  // Two files at a time (jest would take one on two cores): the end-to-end suites spend part of their time waiting on
  // the system, a browser or a deliberate pause. Three overlapped more of that waiting, but on a machine the run keeps
  // fully busy they pushed the load to 15-20 and the tests that time a deadline (a 503 within 3 s + 1 s, a refused
  // start within 20 s) failed for want of CPU, not for a fault (docs/decisions.md, Step 14).
  maxWorkers: 2,
  testSequencer: '<rootDir>/test/support/slow-first-sequencer.mjs',
  globalSetup: containersSetup,
  // After every project's own teardown (the e2e system stops first).
  globalTeardown: '<rootDir>/test/support/containers.global-teardown.ts',
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/{libs,services,tools}/*/src/**/*.spec.ts', '<rootDir>/test/lint/**/*.spec.ts'],
    },
    {
      ...shared,
      displayName: 'web',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/web/src/**/*.spec.{ts,tsx}'],
      moduleNameMapper: { ...shared.moduleNameMapper, '\\.css$': '<rootDir>/web/test/style-stub.js' },
    },
    {
      ...shared,
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/**/*.e2e.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/support/e2e-timeouts.ts'],
      globalSetup: containersSetup,
      globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
    },
    {
      ...shared,
      displayName: 'deploy',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/deploy/**/*.spec.ts'],
    },
  ],
};
