// Shared by `npm start` and `npm test`: make sure dependencies are installed and that we run on
// the project's pinned Node (the `node` dev dependency), whatever Node the machine has.
// Written for any Node from 18 on, since it may run before the pinned one exists.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
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

/** Written into node_modules after each successful install: the hash of the package-lock.json it installed. */
const INSTALL_STAMP = join('node_modules', '.medical-qr-installed-lockfile');

const lockfileHash = (root) =>
  createHash('sha256')
    .update(readFileSync(join(root, 'package-lock.json')))
    .digest('hex');

/** Remembers which lockfile node_modules now matches. */
export function recordInstall(root = ROOT) {
  writeFileSync(join(root, INSTALL_STAMP), `${lockfileHash(root)}\n`);
}

/**
 * Why dependencies must be installed (again), or undefined when node_modules matches package-lock.json: a `git pull`
 * that brings a new lockfile brings new or changed packages.
 */
export function installReason(root = ROOT) {
  if (!existsSync(join(root, 'node_modules', '.bin', 'node'))) return 'first run';
  const changed = 'package-lock.json changed since the last install';
  const stamp = join(root, INSTALL_STAMP);
  if (existsSync(stamp)) return readFileSync(stamp, 'utf8').trim() === lockfileHash(root) ? undefined : changed;
  // Installed before stamps were written: npm's own record of that install is newer than the lockfile if it matches.
  const npmRecord = join(root, 'node_modules', '.package-lock.json');
  if (existsSync(npmRecord) && statSync(npmRecord).mtimeMs >= statSync(join(root, 'package-lock.json')).mtimeMs) {
    recordInstall(root);
    return undefined;
  }
  return changed;
}

/** Installs when node_modules is missing or older than the lockfile; says why. Returns whether it installed. */
export function ensureInstalled(root = ROOT) {
  const reason = installReason(root);
  if (!reason) return false;
  console.log(`Installing dependencies (${reason})...`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  if (run(npm, ['install', '--no-audit', '--no-fund'], { cwd: root }) !== 0) process.exit(1);
  recordInstall(root);
  return true;
}

/** Installs if needed; if this is not the pinned Node, runs `script` again under it and exits with its code. */
export function ensurePinnedNode(script) {
  ensureInstalled();
  const major = Number(process.versions.node.split('.')[0]);
  if (major < REQUIRED_MAJOR) {
    process.exit(run(pinnedNode, [script, ...process.argv.slice(2)]));
  }
}

/**
 * Where nx keeps what it built, per user rather than per checkout: its entries are keyed by the hash of their inputs,
 * so a second clone on the same machine (a CI run in a fresh clone, a worktree) restores what an earlier one built.
 */
const NX_CACHE_DIRECTORY = process.env.NX_CACHE_DIRECTORY ?? join(homedir(), '.cache', 'medical-qr', 'nx');

/** Builds every package (nx caches what has not changed). */
export function build() {
  const nx = join(ROOT, 'node_modules', '.bin', 'nx');
  const status = run(nx, ['run-many', '-t', 'build', '--parallel=2', '--outputStyle=static'], {
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', NX_CACHE_DIRECTORY },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (status !== 0) {
    console.error('The build failed; run `npm run build` to see why.');
    process.exit(status);
  }
}
