import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';

/** The secrets a local run needs, each made fresh the first time. */
const LOCAL_SECRETS: Record<string, () => string[]> = {
  ENCRYPTION_KEYS: () => [`ENCRYPTION_KEYS=local1:${randomBytes(32).toString('base64')}`, 'ENCRYPTION_KEY_ID=local1'],
  SESSION_SECRET: () => [`SESSION_SECRET=${randomBytes(32).toString('base64url')}`],
  EMAIL_INDEX_KEY: () => [`EMAIL_INDEX_KEY=${randomBytes(32).toString('base64url')}`],
};

/**
 * Local runs need secrets that must stay the same from one start to the next (the field
 * encryption key above all: a new one would make stored records unreadable). The first
 * `npm start` writes them to `.env` (git-ignored); later starts read them from there, and add
 * any secret a newer version needs without touching the ones already there.
 */
export function ensureLocalSecrets(envFile: string, env: NodeJS.ProcessEnv = process.env): { added: string[] } {
  const existing = existsSync(envFile) ? readFileSync(envFile, 'utf8') : undefined;
  const missing = Object.keys(LOCAL_SECRETS).filter(
    (name) => env[name] === undefined && !new RegExp(`^\\s*${name}\\s*=`, 'm').test(existing ?? ''),
  );
  if (missing.length === 0) return { added: [] };
  const lines = missing.flatMap((name) => LOCAL_SECRETS[name]!());
  if (existing === undefined) {
    const header = [
      '# Made by the first `npm start` on this machine. Keep it: the encryption key reads your stored records.',
      '# Never commit it. Every variable is described in .env.example.',
    ];
    writeFileSync(envFile, [...header, ...lines, ''].join('\n'), { mode: 0o600 });
  } else {
    appendFileSync(envFile, `${existing.endsWith('\n') ? '' : '\n'}${lines.join('\n')}\n`);
  }
  return { added: missing };
}

/** Reads KEY=VALUE lines into the environment without overriding what is already set. */
export function loadEnvFile(envFile: string, env: NodeJS.ProcessEnv = process.env): void {
  if (!existsSync(envFile)) return;
  for (const line of readFileSync(envFile, 'utf8').split('\n')) {
    const match = /^\s*([A-Z][A-Z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (match && env[match[1]!] === undefined) env[match[1]!] = match[2]!.replace(/^(['"])(.*)\1$/, '$2');
  }
}
