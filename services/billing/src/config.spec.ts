import { loadConfig } from '@medical-qr/platform';
import { billingEnvSchema } from './config.js';

// Every process signs in to NATS as itself (required in production); these tests are about billing's own variables.
const load = (env: Record<string, string>) =>
  loadConfig(billingEnvSchema, { NATS_USER: 'billing', NATS_PASSWORD: 'billing-password', ...env });

describe('billing configuration', () => {
  it('runs without the provider (payments off) and reads empty variables as unset', () => {
    const unset = load({});
    const empty = load({ STRIPE_SECRET_KEY: '', STRIPE_API_URL: '', STRIPE_WEBHOOK_SECRET: '' });
    for (const config of [unset, empty]) {
      expect([config.STRIPE_SECRET_KEY, config.STRIPE_API_URL, config.STRIPE_WEBHOOK_SECRET]).toEqual([
        undefined,
        undefined,
        undefined,
      ]);
    }
  });

  it('takes a test key pointed at a local stand-in', () => {
    const config = load({
      STRIPE_SECRET_KEY: 'sk_test_local_stand_in',
      STRIPE_API_URL: 'http://127.0.0.1:4100',
      STRIPE_WEBHOOK_SECRET: 'whsec_local_stand_in_secret',
    });
    expect(config.STRIPE_API_URL).toBe('http://127.0.0.1:4100');
  });

  it('names a publishable key given as the secret one, a malformed webhook secret and a non-http URL', () => {
    expect(() =>
      load({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'abc', STRIPE_API_URL: 'ftp://x' }),
    ).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key[\s\S]*STRIPE_API_URL: must be an http[\s\S]*STRIPE_WEBHOOK_SECRET: must be a webhook signing secret/,
    );
  });

  it('never sends a live key to another host than Stripe', () => {
    expect(() => load({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_API_URL: 'http://127.0.0.1:4100' })).toThrow(
      /STRIPE_API_URL: must not be set with a live key/,
    );
  });

  it('in production wants the secret key and the webhook secret together, or neither', () => {
    expect(() => load({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_abc' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or neither/,
    );
    expect(() => load({ NODE_ENV: 'production', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(
      /STRIPE_SECRET_KEY: set both/,
    );
    expect(
      load({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }),
    ).toMatchObject({
      STRIPE_SECRET_KEY: 'sk_live_abc',
    });
    expect(load({ NODE_ENV: 'production' }).STRIPE_SECRET_KEY).toBeUndefined();
  });
});
