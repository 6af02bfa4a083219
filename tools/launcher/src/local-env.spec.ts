import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureLocalSecrets, loadEnvFile } from './local-env.js';

const folders: string[] = [];
const envFileIn = () => {
  const dir = mkdtempSync(join(tmpdir(), 'mqr-env-'));
  folders.push(dir);
  return join(dir, '.env');
};

describe('local secrets', () => {
  afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('writes every secret on the first start, and nothing on the next', () => {
    const file = envFileIn();
    expect(ensureLocalSecrets(file, {}).added).toEqual(['ENCRYPTION_KEYS', 'SESSION_SECRET', 'EMAIL_INDEX_KEY']);
    const env: NodeJS.ProcessEnv = {};
    loadEnvFile(file, env);
    expect(env.ENCRYPTION_KEYS).toMatch(/^local1:[A-Za-z0-9+/]{43}=$/);
    expect(env.ENCRYPTION_KEY_ID).toBe('local1');
    expect(env.EMAIL_INDEX_KEY).toHaveLength(43);
    expect(ensureLocalSecrets(file, {}).added).toEqual([]);
  });

  it('adds a secret a newer version needs, keeping the keys that read stored records', () => {
    const file = envFileIn();
    writeFileSync(file, 'ENCRYPTION_KEYS=k1:old\nENCRYPTION_KEY_ID=k1\nSESSION_SECRET=kept');
    expect(ensureLocalSecrets(file, {}).added).toEqual(['EMAIL_INDEX_KEY']);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('ENCRYPTION_KEYS=k1:old\nENCRYPTION_KEY_ID=k1\nSESSION_SECRET=kept\nEMAIL_INDEX_KEY=')).toBe(
      true,
    );
  });

  it('leaves alone what the environment already sets', () => {
    const file = envFileIn();
    expect(ensureLocalSecrets(file, { ENCRYPTION_KEYS: 'x', SESSION_SECRET: 'y', EMAIL_INDEX_KEY: 'z' }).added).toEqual(
      [],
    );
  });
});
