// The restore drill (docs/deployment.md, "Backups and recovery"): a backup is only as good as the last time it was
// restored. Restores a PostgreSQL dump into a fresh database, starts the whole system on it with the encryption keys
// of the time, and opens a known card, as a responder would. Exit code 0 only when the card opens.
//
//   node scripts/restore-drill.mjs --card <token> [--dump <file made by pg_dump -Fc>] [--keep]
//
// Without --dump it first dumps SOURCE_DATABASE_URL (a replica, or last night's restore target), as a backup job
// would. The keys come from the environment: ENCRYPTION_KEYS, ENCRYPTION_KEY_ID and EMAIL_INDEX_KEY. The fresh
// database is made on RESTORE_SERVER_URL (default: the local PostgreSQL) and dropped afterwards unless --keep.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensurePinnedNode } from './ensure-node.mjs';

ensurePinnedNode(fileURLToPath(import.meta.url));
const { startIsolatedStack } = await import('@medical-qr/launcher');
const { dropDatabase, ensureDatabase } = await import('@medical-qr/platform');

const { values } = parseArgs({
  options: { card: { type: 'string' }, dump: { type: 'string' }, keep: { type: 'boolean', default: false } },
});
class DrillFailure extends Error {}
const fail = (message) => {
  throw new DrillFailure(message);
};
const refuse = (message) => {
  console.error(`Restore drill FAILED: ${message}`);
  process.exit(1);
};
if (!values.card) refuse('name a card to open: --card <token> (a test card of your own, kept for drills)');
for (const key of ['ENCRYPTION_KEYS', 'ENCRYPTION_KEY_ID', 'EMAIL_INDEX_KEY']) {
  if (!process.env[key]) refuse(`${key} is not set: the drill needs the keys the backup was encrypted with`);
}

const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);
const work = mkdtempSync(join(tmpdir(), 'mqr-restore-drill-'));
const server = process.env.RESTORE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';
const target = `${server.replace(/\/$/, '')}/mqr_restore_drill_${randomBytes(4).toString('hex')}`;
let system;
try {
  let dump = values.dump;
  if (!dump) {
    if (!process.env.SOURCE_DATABASE_URL) fail('give --dump <file>, or SOURCE_DATABASE_URL to dump first');
    dump = join(work, 'medical_qr.dump');
    const started = performance.now();
    execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, process.env.SOURCE_DATABASE_URL], {
      stdio: 'inherit',
    });
    console.log(`Dumped in ${seconds(started)} s (${(statSync(dump).size / 1024 / 1024).toFixed(1)} MB).`);
  }

  const restoring = performance.now();
  await ensureDatabase(target);
  // --no-owner: the drill's database belongs to whoever restores it; the roles are the production server's business.
  execFileSync('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${target}`, dump], {
    stdio: 'inherit',
  });
  console.log(`Restored into a fresh database in ${seconds(restoring)} s.`);

  const starting = performance.now();
  system = await startIsolatedStack('restore-drill', {
    DATABASE_URL: target,
    ENCRYPTION_KEYS: process.env.ENCRYPTION_KEYS,
    ENCRYPTION_KEY_ID: process.env.ENCRYPTION_KEY_ID,
    EMAIL_INDEX_KEY: process.env.EMAIL_INDEX_KEY,
  });
  console.log(`The system started on it in ${seconds(starting)} s.`);

  const opening = performance.now();
  const response = await fetch(`${system.url}/emergency/${encodeURIComponent(values.card)}`);
  const page = await response.text();
  if (response.status !== 200 || !page.includes('Emergency medical card')) {
    fail(
      `the card did not open (HTTP ${response.status}): the dump lacks it, or these keys do not open it ` +
        '(keep every encryption key as long as the backups it opened)',
    );
  }
  console.log(`Restore drill passed: the card opened in ${Math.round(performance.now() - opening)} ms.`);
} catch (error) {
  console.error(`Restore drill FAILED: ${error instanceof DrillFailure ? error.message : error.stack}`);
  process.exitCode = 1;
} finally {
  await system?.stop();
  if (!values.keep) await dropDatabase(target).catch(() => undefined);
  else console.log(`Kept the restored database: ${target.replace(/\/\/[^@]*@/, '//')}`);
  rmSync(work, { recursive: true, force: true });
}
