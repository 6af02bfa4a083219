// `npm test`: install if needed, build, check types, lint and formatting, then one jest run for every layer
// (unit, service integration, web, API and browser end-to-end). Extra arguments go to jest.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, ensurePinnedNode, ROOT, run } from './ensure-node.mjs';

ensurePinnedNode(fileURLToPath(import.meta.url));
const bin = (name) => join(ROOT, 'node_modules', '.bin', name);

/** Runs a check with its output held back, so checks running side by side print one after another. */
function check({ title, command, args }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => resolve({ title, status: 1, output: `${error.message}\n` }));
    child.on('close', (status) => resolve({ title, status: status ?? 1, output: Buffer.concat(output).toString() }));
  });
}

/** The checks, as many at a time as the machine has cores: each is one process, mostly busy on one of them. */
async function runChecks(checks) {
  const results = new Array(checks.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(availableParallelism(), checks.length) }, async () => {
    while (next < checks.length) {
      const index = next++;
      results[index] = await check(checks[index]);
    }
  });
  await Promise.all(lanes);
  for (const { title, status, output } of results) {
    console.log(`\n== ${title}${status === 0 ? '' : ' (failed)'}`);
    if (output.trim()) process.stdout.write(output);
  }
  return results.filter((result) => result.status !== 0).map((result) => result.title);
}

console.log('== Build');
build();
const failed = await runChecks([
  // The slowest first, so the last one to start is a short one.
  { title: 'Lint', command: bin('eslint'), args: ['.', '--max-warnings=0'] },
  ...['tsconfig.json', 'test/browser/tsconfig.json', 'web/tsconfig.json'].map((project) => ({
    title: `Type check (${project})`,
    command: bin('tsc'),
    args: ['-p', project],
  })),
  {
    title: 'Formatting (prettier --check; `npm run format` fixes it)',
    command: bin('prettier'),
    args: ['--check', '.', '--log-level=warn'],
  },
]);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join('; ')}.`);
  process.exit(1);
}

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
