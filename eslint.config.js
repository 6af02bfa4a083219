// Lint rules, including the architecture's boundaries: services depend on libs, never on each
// other; in the web, features never import other features (routes compose them).
import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

const SERVICES = ['gateway', 'identity', 'records', 'billing', 'shop', 'privacy'];
const WEB_FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Unit specs may also use platform's test doubles (@medical-qr/platform/testing); service code may not.
const serviceBoundaries = SERVICES.flatMap((service) =>
  [false, true].map((spec) => ({
    files: [spec ? `services/${service}/src/**/*.spec.ts` : `services/${service}/src/**/*.ts`],
    ...(spec ? {} : { ignores: [`services/${service}/src/**/*.spec.ts`] }),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: spec
                ? `^@medical-qr/(?!contracts$|platform$|platform/testing$)`
                : `^@medical-qr/(?!contracts$|platform$)`,
              message:
                'A service may import only @medical-qr/contracts and @medical-qr/platform; ask other services over NATS.',
            },
            {
              regex: `(^|/)services/(?!${service}/)|^\\.\\./\\.\\./(?!src/)|^(\\.\\./){3,}`,
              message:
                'Services never import each other: put shared contracts in libs/contracts and plumbing in libs/platform.',
            },
          ],
        },
      ],
    },
  })),
);

// app/ is the composition root (entry, store, router, routes): features and shared components
// never import it; the typed Redux hooks they need are in web/src/lib/hooks.ts.
const noAppImports = {
  regex: `^(\\.\\./)+app(/|$)|(^|/)src/app(/|$)`,
  message: 'Only app/ composes the app: import the typed hooks from lib/hooks, shared UI from components/.',
};

const featureBoundaries = WEB_FEATURES.map((feature) => ({
  files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `features/(?!${feature}(/|$))|^\\.\\./(${WEB_FEATURES.filter((f) => f !== feature).join('|') || '$^'})(/|$)`,
            message:
              'Features never import other features or reach outside through siblings; compose them in routes, share through lib/ and components/.',
          },
          noAppImports,
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'reports/**', 'screenshots/**', 'web/dist/**', '.nx/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
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
  ...featureBoundaries,
  {
    files: ['web/src/components/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noAppImports] }] },
  },
);
