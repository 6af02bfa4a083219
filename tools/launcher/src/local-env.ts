import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Local runs need secrets that must stay the same from one start to the next (the field
 * encryption key above all: a new one would make stored records unreadable). The first
 * `npm start` writes them to `.env` (git-ignored); later starts read them from there.
 */
export function ensureLocalSecrets(envFile: string): { created: boolean } {
  if (existsSync(envFile)) return { created: false };
  const contents = [
    '# Made by the first `npm start` on this machine. Keep it: the encryption key reads your stored records.',
    '# Never commit it. Every variable is described in .env.example.',
    `ENCRYPTION_KEYS=local1:${randomBytes(32).toString('base64')}`,
    'ENCRYPTION_KEY_ID=local1',
    `SESSION_SECRET=${randomBytes(32).toString('base64url')}`,
    '',
  ].join('\n');
  writeFileSync(envFile, contents, { mode: 0o600 });
  return { created: true };
}

/** Reads KEY=VALUE lines into the environment without overriding what is already set. */
export function loadEnvFile(envFile: string, env: NodeJS.ProcessEnv = process.env): void {
  if (!existsSync(envFile)) return;
  for (const line of readFileSync(envFile, 'utf8').split('\n')) {
    const match = /^\s*([A-Z][A-Z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (match && env[match[1]!] === undefined) env[match[1]!] = match[2]!.replace(/^(['"])(.*)\1$/, '$2');
  }
}
