// Lint rules, including the architecture's boundaries: services depend on libs, never on each
// other; libs never on services; contracts on zod alone; in the web, features never import other
// features (routes compose them), and lib/ and components/ import neither features nor app/.
// There are no import cycles anywhere. test/lint/boundaries.spec.ts breaks each rule on purpose.
import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const SERVICES = ['gateway', 'identity', 'records', 'billing', 'shop', 'privacy'];
const WEB_FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Test helpers (`@medical-qr/platform/testing`) are for specs and tests, never for code that ships.
const noTestingHelpers = {
  regex: '^@medical-qr/platform/testing$|(^|/)testing/',
  message: 'Test helpers are for specs and tests only; production code never imports them.',
};

const serviceImports = (service) => [
  {
    regex: '^@medical-qr/(?!contracts$|platform$|platform/testing$)',
    message: 'A service may import only @medical-qr/contracts and @medical-qr/platform; ask other services over NATS.',
  },
  {
    regex: `(^|/)services/(?!${service}/)|^\\.\\./\\.\\./(?!src/)|^(\\.\\./){3,}`,
    message: 'Services never import each other: put shared contracts in libs/contracts and plumbing in libs/platform.',
  },
];

const serviceBoundaries = SERVICES.flatMap((service) => [
  {
    files: [`services/${service}/src/**/*.ts`],
    ignores: ['**/*.spec.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...serviceImports(service), noTestingHelpers] }] },
  },
  {
    files: [`services/${service}/src/**/*.spec.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: serviceImports(service) }] },
  },
]);

// The web's floor plan, checked by resolved path at every depth (a file in features/shop/cart/ is held
// to it as features/shop/index.ts is): a feature never imports another feature; lib/ (helpers) and
// components/ (shared UI) import no feature and no app code; only app/ (entry, store, router, routes)
// composes them. The typed Redux hooks features need are in lib/hooks.ts.
const web = (folder) => `./web/src/${folder}`;
const webZones = [
  ...WEB_FEATURES.map((feature) => ({
    target: web(`features/${feature}`),
    from: web('features'),
    except: [`./${feature}`],
    message: 'Features never import other features; compose them in app/routes, share through lib/ and components/.',
  })),
  {
    target: web('features'),
    from: web('app'),
    message: 'Only app/ composes the app; import shared code from lib/ or components/.',
  },
  {
    target: web('components'),
    from: [web('app'), web('features')],
    message: 'Shared components import no feature or app code: pass what they need as props.',
  },
  {
    target: web('lib'),
    from: [web('app'), web('features'), web('components')],
    message: 'lib/ holds helpers that import no feature, app or UI code.',
  },
];

// The house's outer walls: contracts are plain declarations (zod only), libs never reach into a
// service, and nothing in libs or services reaches into the web or the tools.
const houseZones = [
  {
    target: './libs',
    from: './services',
    message: 'A lib never imports a service: services depend on libs, not the reverse.',
  },
  { target: './libs/contracts', from: './libs/platform', message: 'Contracts import only zod: no platform plumbing.' },
  {
    target: ['./libs', './services'],
    from: ['./web', './tools', './test'],
    message: 'Production code never imports the web, the tools or the tests.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'reports/**', 'screenshots/**', 'web/dist/**', '.nx/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        performance: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        globalThis: 'readonly',
        setTimeout: 'readonly',
      },
    },
  },
  {
    // Scripts inlined into the pages' <head>: plain browser JavaScript.
    files: ['web/boot/**/*.js'],
    languageOptions: { globals: { window: 'readonly', document: 'readonly', localStorage: 'readonly' } },
  },
  ...serviceBoundaries,
  {
    files: ['libs/contracts/src/**/*.ts'],
    // Specs are not shipped (the build leaves them out): they may use test tools (fast-check's properties).
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|i18next$|\\.)',
              message:
                'Contracts are plain declarations: they import only zod, i18next (the card texts) and each other (no NestJS, no platform).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['libs/platform/src/**/*.ts'],
    ignores: ['libs/platform/src/testing/**', '**/*.spec.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noTestingHelpers] }] },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Cycles are found by reading the imported files, which must be parsed as TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'web/tsconfig.json', 'test/browser/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...houseZones, ...webZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Specs may start the tools (the launcher, the provider stand-ins) to test against them.
    files: ['**/*.spec.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...houseZones.slice(0, 2), ...webZones] }] },
  },
);
