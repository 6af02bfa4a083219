import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { startIsolatedStack, type IsolatedStack } from '@medical-qr/launcher';
import { registeredClient } from '../support/accounts.js';
import { medicalForm } from '../records/records-fixtures.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Runs scripts/restore-drill.mjs to its end; its output and exit code. */
function drill(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/restore-drill.mjs', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/**
 * The restore drill of docs/deployment.md, as an operator runs it: the system's database dumped, restored into a fresh
 * one, the system started on it, and a known card opened. Only the keys of the time open it.
 */
describe('the restore drill', () => {
  let system: IsolatedStack;
  let token: string;

  beforeAll(async () => {
    system = await startIsolatedStack('restore-source', { EMAIL_VERIFICATION: 'false' });
    const { client } = await registeredClient(system.url, 'restore-owner');
    const record = await client.post('/api/medical-records', medicalForm({ firstName: 'Restored' }));
    expect(record.status).toBe(200);
    token = record.body.token as string;
  });
  afterAll(async () => {
    await system?.stop();
  });

  const keys = () => ({
    ENCRYPTION_KEYS: system.env.ENCRYPTION_KEYS,
    ENCRYPTION_KEY_ID: system.env.ENCRYPTION_KEY_ID,
    EMAIL_INDEX_KEY: system.env.EMAIL_INDEX_KEY,
  });

  it('restores a dump into a fresh database and opens the card on it', async () => {
    const { code, output } = await drill(['--card', token], {
      ...keys(),
      SOURCE_DATABASE_URL: system.env.DATABASE_URL,
    });
    expect(output).toMatch(/Dumped in [\d.]+ s/);
    expect(output).toMatch(/Restored into a fresh database in [\d.]+ s/);
    expect(output).toMatch(/Restore drill passed: the card opened in \d+ ms/);
    expect(code).toBe(0);
  });

  it('fails, saying why, when the keys of the time are not kept', async () => {
    const lost = { ...keys(), ENCRYPTION_KEYS: `test1:${randomBytes(32).toString('base64')}` };
    const { code, output } = await drill(['--card', token], { ...lost, SOURCE_DATABASE_URL: system.env.DATABASE_URL });
    expect(output).toMatch(/Restore drill FAILED: the card did not open \(HTTP 5\d\d\).*these keys do not open it/);
    expect(code).toBe(1);
  });
});
