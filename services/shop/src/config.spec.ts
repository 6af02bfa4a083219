import { loadConfig } from '@medical-qr/platform';
import { shopEnvSchema } from './config.js';

// Every process signs in to NATS as itself (required in production), and the shop seals buyers' details; these tests
// are about the shop's own variables.
const load = (env: Record<string, string>) =>
  loadConfig(shopEnvSchema, {
    NATS_USER: 'shop',
    NATS_PASSWORD: 'shop-password',
    ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64')}`,
    ENCRYPTION_KEY_ID: 'k1',
    ...env,
  });

describe("the shop's Printify webhook configuration", () => {
  it('runs without webhooks, and reads empty variables as unset', () => {
    for (const config of [load({}), load({ PRINTIFY_WEBHOOK_SECRET: '', PRINTIFY_WEBHOOK_URL: '' })]) {
      expect([config.PRINTIFY_WEBHOOK_SECRET, config.PRINTIFY_WEBHOOK_URL]).toEqual([undefined, undefined]);
    }
  });

  it("takes a secret and the gateway's webhook address (the local stand-in's plain http outside production)", () => {
    const config = load({
      PRINTIFY_WEBHOOK_SECRET: 'local-printify-webhook-secret',
      PRINTIFY_WEBHOOK_URL: 'http://127.0.0.1:3000/api/printify/webhook',
    });
    expect(config.PRINTIFY_WEBHOOK_URL).toBe('http://127.0.0.1:3000/api/printify/webhook');
  });

  it('names a short secret, and an address that is not the webhook route', () => {
    expect(() =>
      load({ PRINTIFY_WEBHOOK_SECRET: 'short', PRINTIFY_WEBHOOK_URL: 'https://qr.example.org/api/stripe/webhook' }),
    ).toThrow(/PRINTIFY_WEBHOOK_SECRET: must be at least 16[\s\S]*PRINTIFY_WEBHOOK_URL: must be the gateway's/);
  });

  it('wants https in production', () => {
    expect(() =>
      load({ NODE_ENV: 'production', PRINTIFY_WEBHOOK_URL: 'http://qr.hospital.org/api/printify/webhook' }),
    ).toThrow(/PRINTIFY_WEBHOOK_URL: must be an https:\/\/ URL in production/);
    expect(
      load({ NODE_ENV: 'production', PRINTIFY_WEBHOOK_URL: 'https://qr.hospital.org/api/printify/webhook' })
        .PRINTIFY_WEBHOOK_URL,
    ).toBe('https://qr.hospital.org/api/printify/webhook');
  });
});
