import { createLogger } from '@medical-qr/platform';
import type { ShopConfig } from '../config.js';
import type { PrintifyClient } from '../printify/printify-client.js';
import type { PrintifyWebhook } from '../printify/printify-types.js';
import { PrintifyWebhookRegistration } from './printify-webhook-registration.js';

const url = 'https://qr.example.org/api/printify/webhook';
const configured = {
  PRINTIFY_API_TOKEN: 'token',
  PRINTIFY_SHOP_ID: '1000001',
  PRINTIFY_WEBHOOK_SECRET: 'a-secret-of-enough-length',
  PRINTIFY_WEBHOOK_URL: url,
} as ShopConfig;

/** Printify's webhook list, as a fake that records what is created. */
function printifyWith(existing: PrintifyWebhook[]) {
  const created: Array<{ topic: string; url: string; secret: string }> = [];
  let listed = 0;
  const printify = {
    webhooks: async () => {
      listed++;
      return existing;
    },
    createWebhook: async (topic: string, hookUrl: string, secret: string) => {
      created.push({ topic, url: hookUrl, secret });
      return { id: `hook-${created.length}`, topic, url: hookUrl };
    },
  } as unknown as PrintifyClient;
  return { printify, created, listed: () => listed };
}

const registration = (printify: PrintifyClient, config: ShopConfig = configured) =>
  new PrintifyWebhookRegistration(printify, config, createLogger('shop', 'silent'));

describe("the shop's Printify webhooks", () => {
  it('creates one webhook per order topic, with the secret, when the shop has none', async () => {
    const { printify, created } = printifyWith([]);
    expect(await registration(printify).register()).toEqual([
      'order:updated',
      'order:sent-to-production',
      'order:shipment:created',
      'order:shipment:delivered',
    ]);
    expect(created).toEqual(
      ['order:updated', 'order:sent-to-production', 'order:shipment:created', 'order:shipment:delivered'].map(
        (topic) => ({ topic, url, secret: 'a-secret-of-enough-length' }),
      ),
    );
  });

  it('creates only the missing ones, and leaves webhooks to other addresses alone', async () => {
    const { printify, created } = printifyWith([
      { id: '1', topic: 'order:updated', url: `${url}/` },
      { id: '2', topic: 'order:shipment:created', url },
      { id: '3', topic: 'order:sent-to-production', url: 'https://staging.example.org/api/printify/webhook' },
    ]);
    expect(await registration(printify).register()).toEqual(['order:sent-to-production', 'order:shipment:delivered']);
    expect(created.map((hook) => hook.topic)).toEqual(['order:sent-to-production', 'order:shipment:delivered']);
  });

  it.each([
    ['no webhook secret', { PRINTIFY_WEBHOOK_SECRET: undefined }],
    ['no webhook URL', { PRINTIFY_WEBHOOK_URL: undefined }],
    ['no API token', { PRINTIFY_API_TOKEN: undefined }],
    ['no shop', { PRINTIFY_SHOP_ID: undefined }],
  ])('asks Printify nothing with %s', async (_case, unset) => {
    const fake = printifyWith([]);
    expect(await registration(fake.printify, { ...configured, ...unset }).register()).toEqual([]);
    expect(fake.listed()).toBe(0);
    expect(fake.created).toEqual([]);
  });

  it('never holds up or fails the start when Printify does not answer', async () => {
    const printify = {
      webhooks: () => new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('timeout')), 10)),
    } as unknown as PrintifyClient;
    expect(registration(printify).onApplicationBootstrap()).toBeUndefined();
    // The failure is logged, not thrown: nothing is left rejecting once it settles.
    await new Promise((resolve) => setTimeout(resolve, 30));
  });
});
