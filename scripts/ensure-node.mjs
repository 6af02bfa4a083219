// Shared by `npm start` and `npm test`: make sure dependencies are installed and that we run on
// the project's pinned Node (the `node` dev dependency), whatever Node the machine has.
// Written for any Node from 18 on, since it may run before the pinned one exists.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const pinnedNode = join(ROOT, 'node_modules', '.bin', 'node');
const REQUIRED_MAJOR = 24;

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** Installs if needed; if this is not the pinned Node, runs `script` again under it and exits with its code. */
export function ensurePinnedNode(script) {
  if (!existsSync(pinnedNode)) {
    console.log('Installing dependencies (first run)...');
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    if (run(npm, ['install', '--no-audit', '--no-fund']) !== 0) process.exit(1);
  }
  const major = Number(process.versions.node.split('.')[0]);
  if (major < REQUIRED_MAJOR) {
    process.exit(run(pinnedNode, [script, ...process.argv.slice(2)]));
  }
}

/** Builds every package (nx caches what has not changed). */
export function build() {
  const nx = join(ROOT, 'node_modules', '.bin', 'nx');
  const status = run(nx, ['run-many', '-t', 'build', '--parallel=2', '--outputStyle=static'], {
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (status !== 0) {
    console.error('The build failed; run `npm run build` to see why.');
    process.exit(status);
  }
}
