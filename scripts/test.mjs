// `npm test`: install if needed, build, check types, lint and formatting, then one jest run for every layer
// (unit, service integration, web, API and browser end-to-end). Extra arguments go to jest.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, ensurePinnedNode, ROOT, run } from './ensure-node.mjs';

ensurePinnedNode(fileURLToPath(import.meta.url));
const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
const step = (title, command, args, options) => {
  console.log(`\n== ${title}`);
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`${title} failed.`);
    process.exit(status);
  }
};

console.log('== Build');
build();
for (const project of ['tsconfig.json', 'test/browser/tsconfig.json', 'web/tsconfig.json']) {
  step(`Type check (${project})`, bin('tsc'), ['-p', project]);
}
step('Lint', bin('eslint'), ['.', '--max-warnings=0']);
step('Formatting (prettier --check; `npm run format` fixes it)', bin('prettier'), ['--check', '.', '--log-level=warn']);

console.log('\n== Tests');
const status = run(
  bin('jest'),
  // No --forceExit: every suite closes what it opens, so jest ending on its own is part of passing.
  ['--json', `--outputFile=${join(ROOT, 'reports', 'jest-results.json')}`, ...process.argv.slice(2)],
  {
    env: {
      ...process.env,
      NODE_OPTIONS: [process.env.NODE_OPTIONS, '--experimental-vm-modules', '--disable-warning=ExperimentalWarning']
        .filter(Boolean)
        .join(' '),
    },
  },
);
process.exit(status);
