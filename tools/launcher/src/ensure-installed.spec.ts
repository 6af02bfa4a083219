import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ENSURE_NODE = fileURLToPath(new URL('../../../scripts/ensure-node.mjs', import.meta.url));

/**
 * A checkout of its own, with an `npm` on PATH that only notes that it ran: scripts/ensure-node.mjs (what `npm start`
 * and `npm test` run first) decides on it whether to install.
 */
describe('installing before npm start and npm test', () => {
  let root: string;
  let npmLog: string;
  let fakeBin: string;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'mqr-install-'));
    fakeBin = join(root, 'fake-bin');
    npmLog = join(root, 'npm.log');
    mkdirSync(fakeBin);
    // Stands in for npm install: makes node_modules as npm would, and notes the call.
    writeFileSync(
      join(fakeBin, 'npm'),
      `#!/bin/sh\nmkdir -p node_modules/.bin && touch node_modules/.bin/node node_modules/.package-lock.json\necho "$*" >> "${npmLog}"\n`,
    );
    chmodSync(join(fakeBin, 'npm'), 0o755);
    writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion": 3, "packages": {}}\n');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const ensureInstalled = () => {
    const result = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `(await import(${JSON.stringify(ENSURE_NODE)})).ensureInstalled(process.argv[1]);`,
        root,
      ],
      { cwd: root, env: { PATH: `${fakeBin}:${process.env.PATH}` }, encoding: 'utf8' },
    );
    expect(result.status).toBe(0);
    return result.stdout.trim();
  };
  const installs = () => readFileSync(npmLog, 'utf8').trim().split('\n');

  it('installs on the first run, again after the lockfile changes (a git pull), and not otherwise', () => {
    expect(ensureInstalled()).toBe('Installing dependencies (first run)...');
    expect(ensureInstalled()).toBe('');
    expect(installs()).toEqual(['install --no-audit --no-fund']);

    writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion": 3, "packages": {"node_modules/zod": {}}}\n');
    expect(ensureInstalled()).toBe('Installing dependencies (package-lock.json changed since the last install)...');
    expect(ensureInstalled()).toBe('');
    expect(installs()).toHaveLength(2);
  });

  it('trusts an install made before it kept a record only if npm installed after the lockfile last changed', () => {
    mkdirSync(join(root, 'node_modules/.bin'), { recursive: true });
    writeFileSync(join(root, 'node_modules/.bin/node'), '');
    writeFileSync(join(root, 'node_modules/.package-lock.json'), '{}');
    expect(ensureInstalled()).toBe('');

    rmSync(join(root, 'node_modules/.medical-qr-installed-lockfile'));
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(root, 'node_modules/.package-lock.json'), past, past);
    expect(ensureInstalled()).toBe('Installing dependencies (package-lock.json changed since the last install)...');
    expect(installs()).toHaveLength(1);
  });
});
