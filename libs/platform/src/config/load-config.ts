import { z } from 'zod';
import { baseEnvProblems, type BaseEnv } from './env-schemas.js';
import { smsEnvProblems } from '../sms/sms-env.js';
import { placeholderProblems, reservedAddressProblems } from './placeholders.js';

/** Raised when the environment does not satisfy an app's schema; the message names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once, at start-up, against an app's schema.
 * Every missing or malformed variable is reported together, by name.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  // A template's placeholder (a Kubernetes Secret not filled in) stops a production start, whatever else is wrong.
  const placeholders = placeholderProblems(schema instanceof z.ZodObject ? Object.keys(schema.shape) : [], env);
  if (result.success) {
    // Only for the system's processes (the base schema), not for tools with schemas of their own.
    const data = result.data as Partial<BaseEnv>;
    const crossProblems = 'NATS_URL' in data ? baseEnvProblems(data) : [];
    // The SMS variables' rules find nothing in a schema without them.
    const smsProblems = smsEnvProblems(data as Record<string, string | undefined>);
    const problems = [
      ...[...crossProblems, ...smsProblems].map((p) => `${p.variable}: ${p.message}`),
      ...reservedAddressProblems(data as Record<string, unknown>),
      ...placeholders,
    ];
    if (problems.length) throw new ConfigError(problems);
    return result.data;
  }
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const given = issue.path.length === 1 ? env[String(issue.path[0])] : undefined;
    return given === undefined ? `${name}: ${issue.message} (not set)` : `${name}: ${issue.message}`;
  });
  throw new ConfigError([...problems, ...placeholders]);
}
