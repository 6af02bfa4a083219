import { z } from 'zod';
import { baseEnvSchema } from './env-schemas.js';
import { ConfigError, loadConfig } from './load-config.js';

describe('loadConfig', () => {
  it('fills local defaults when nothing is set', () => {
    const config = loadConfig(baseEnvSchema, {});
    expect(config.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/medical_qr');
    expect(config.NATS_REQUEST_TIMEOUT_MS).toBe(5000);
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig(baseEnvSchema.extend({ SECRET: z.string().min(10) }), {
        DATABASE_URL: 'mysql://db',
        REDIS_URL: 'redis://ok:6379',
        NATS_REQUEST_TIMEOUT_MS: '-5',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^DATABASE_URL: must be a postgres: or postgresql:\/\/ URL/m);
    expect(problems).toMatch(/^NATS_REQUEST_TIMEOUT_MS: /m);
    expect(problems).toMatch(/^SECRET: .*\(not set\)$/m);
    expect(problems).not.toMatch(/REDIS_URL/);
  });

  it('wants every process signed in to NATS as itself in production, user and password together', () => {
    expect(() => loadConfig(baseEnvSchema, { NODE_ENV: 'production' })).toThrow(
      /NATS_USER: and NATS_PASSWORD are required in production/,
    );
    expect(() => loadConfig(baseEnvSchema, { NATS_USER: 'records' })).toThrow(
      /NATS_PASSWORD: is required when the other of NATS_USER and NATS_PASSWORD is set/,
    );
    const signedIn = loadConfig(baseEnvSchema, { NODE_ENV: 'production', NATS_USER: 'records', NATS_PASSWORD: 'pw' });
    expect([signedIn.NATS_USER, signedIn.NATS_PASSWORD]).toEqual(['records', 'pw']);
    // Outside production a local server without users still works.
    expect(loadConfig(baseEnvSchema, {}).NATS_USER).toBeUndefined();
  });

  it('refuses a placeholder of the Secret templates or a stand-in secret in production, naming the variable', () => {
    const production = {
      NODE_ENV: 'production',
      NATS_USER: 'records',
      NATS_PASSWORD: 'REPLACE_ME_NATS_PASSWORD_RECORDS',
    };
    const schema = baseEnvSchema.extend({ SESSION_SECRET: z.string().min(32), STRIPE_WEBHOOK_SECRET: z.string() });
    let error: unknown;
    try {
      loadConfig(schema, {
        ...production,
        SESSION_SECRET: 'REPLACE_ME_BASE64URL_OF_32_RANDOM_BYTES',
        STRIPE_WEBHOOK_SECRET: 'whsec_local_stand_in_secret',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((problem) => problem.split(':')[0])).toEqual([
      'NATS_PASSWORD',
      'SESSION_SECRET',
      'STRIPE_WEBHOOK_SECRET',
    ]);
    expect((error as ConfigError).problems[1]).toMatch(/^SESSION_SECRET: is a placeholder from the templates/);
    // Reported with the other problems when the schema fails too.
    expect(() => loadConfig(schema, { ...production, SESSION_SECRET: 'short', STRIPE_WEBHOOK_SECRET: 'w' })).toThrow(
      /NATS_PASSWORD: is a placeholder/,
    );
    // Outside production the same values start (local runs use the stand-ins' secrets).
    const local = {
      SESSION_SECRET: 'REPLACE_ME_BASE64URL_OF_32_RANDOM_BYTES',
      STRIPE_WEBHOOK_SECRET: 'whsec_local_stand_in_secret',
    };
    expect(loadConfig(schema, local).STRIPE_WEBHOOK_SECRET).toBe('whsec_local_stand_in_secret');
  });

  it('refuses, in production, a public address on a domain reserved for examples or local networks, defaults included', () => {
    const schema = baseEnvSchema.extend({
      PUBLIC_BASE_URL: z.url(),
      MAIL_FROM: z.string().default('Medical QR <no-reply@medicalqr.local>'),
    });
    const production = { NODE_ENV: 'production', NATS_USER: 'gateway', NATS_PASSWORD: 'a-real-password' };
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(schema, { ...production, ...env });
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    // The Kubernetes template's address, and the local default sender a printed tag or a mail would carry.
    expect(problems({ PUBLIC_BASE_URL: 'https://medical-qr.example.com' })).toEqual([
      'PUBLIC_BASE_URL: medical-qr.example.com is a placeholder (a domain reserved for examples or local networks); set the real one',
      'MAIL_FROM: medicalqr.local is a placeholder (a domain reserved for examples or local networks); set the real one',
    ]);
    expect(problems({ PUBLIC_BASE_URL: 'https://qr.hospital.org', MAIL_FROM: 'Medical QR <help@qr.test>' })).toEqual([
      'MAIL_FROM: qr.test is a placeholder (a domain reserved for examples or local networks); set the real one',
    ]);
    expect(
      problems({ PUBLIC_BASE_URL: 'https://qr.hospital.org', MAIL_FROM: 'Medical QR <help@qr.hospital.org>' }),
    ).toEqual([]);
    // A look-alike is not reserved, and outside production the local defaults start.
    expect(problems({ PUBLIC_BASE_URL: 'https://myexample.com', MAIL_FROM: 'help@qr.hospital.org' })).toEqual([]);
    expect(loadConfig(schema, { PUBLIC_BASE_URL: 'https://medical-qr.example.com' }).MAIL_FROM).toMatch(/\.local>$/);
  });

  it("takes a cluster's seed servers as a comma-separated NATS_URL, naming a bad one", () => {
    const seeds = 'tls://nats-0.nats:4222, tls://nats-1.nats:4222,tls://nats-2.nats:4222';
    expect(loadConfig(baseEnvSchema, { NATS_URL: seeds }).NATS_URL).toBe(seeds);
    expect(() => loadConfig(baseEnvSchema, { NATS_URL: 'tls://nats-0.nats:4222,http://nats-1:4222' })).toThrow(
      'NATS_URL: must be a nats: or tls:// URL ("http://nats-1:4222" is not), e.g. nats://127.0.0.1:4222',
    );
    expect(loadConfig(baseEnvSchema, { NATS_STREAM_REPLICAS: '3' }).NATS_STREAM_REPLICAS).toBe(3);
    expect(() => loadConfig(baseEnvSchema, { NATS_STREAM_REPLICAS: '0' })).toThrow(/NATS_STREAM_REPLICAS/);
  });
});
