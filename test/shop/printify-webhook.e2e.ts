import { createHmac, randomBytes } from 'node:crypto';
import { ShopMessages } from '@medical-qr/contracts';
import { baseUrl } from '../support/api.js';
import { eventually, pause } from '../support/eventually.js';
import { queryDatabase } from '../support/database.js';
import { cartLine, payWith, shopperClient, waitForOrders } from './shop-fixtures.js';
import { postRawWebhook } from '../support/webhooks.js';

/** The secret the system checks Printify's signatures with (test/support/global-setup.mjs exports it). */
function webhookSecret(): string {
  const secret = process.env.E2E_PRINTIFY_WEBHOOK_SECRET;
  if (!secret) throw new Error('E2E_PRINTIFY_WEBHOOK_SECRET is not set: the system under test has no webhook secret');
  return secret;
}

function databaseUrl(): string {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set: the end-to-end global setup did not run');
  return url;
}

/** Printify's 24-hex-digit ids. */
const printifyId = () => randomBytes(12).toString('hex');

/** An event as Printify sends one, its data claiming the order was cancelled (the shop must not believe it). */
function orderEvent(printifyOrderId: string, type = 'order:updated', eventId = printifyId()) {
  return JSON.stringify({
    id: eventId,
    type,
    created_at: '2026-01-05 10:11:12+00:00',
    resource: { id: printifyOrderId, type: 'order', data: { shop_id: '1000001', status: 'canceled' } },
  });
}

/** `X-Pfy-Signature` as Printify makes it: the hex HMAC-SHA256 of the exact body. */
const sign = (payload: string, secret = webhookSecret()) =>
  `sha256=${createHmac('sha256', secret).update(payload).digest('hex')}`;

/** Posts as Printify does: from another site, raw JSON, with its signature when given one. */
function postPrintifyWebhook(payload: string, signature?: string) {
  return postRawWebhook(`${baseUrl()}/api/printify/webhook`, payload, {
    'user-agent': 'Printify-Webhooks',
    origin: 'https://printify.com',
    'sec-fetch-site': 'cross-site',
    ...(signature === undefined ? {} : { 'x-pfy-signature': signature }),
  });
}

describe('POST /api/printify/webhook', () => {
  it('acknowledges a correctly signed event from another site about an order that is not ours', async () => {
    const payload = orderEvent(printifyId());
    const started = Date.now();
    const response = await postPrintifyWebhook(payload, sign(payload));
    expect(response).toEqual({ status: 200, body: { received: true } });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a signature made with another secret with 400', async () => {
    const payload = orderEvent(printifyId());
    const response = await postPrintifyWebhook(payload, sign(payload, 'not-the-webhook-secret-at-all'));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', message: ShopMessages.webhookSignature });
  });

  it('refuses a body changed after signing with 400, whitespace included', async () => {
    const payload = orderEvent(printifyId());
    const signature = sign(payload);
    const tampered = await postPrintifyWebhook(payload.replace('"canceled"', '"fulfilled"'), signature);
    expect(tampered.status).toBe(400);
    expect(tampered.body).toMatchObject({ code: 'VALIDATION_ERROR', message: ShopMessages.webhookSignature });
    const reformatted = await postPrintifyWebhook(JSON.stringify(JSON.parse(payload), null, 2), signature);
    expect(reformatted.status).toBe(400);
  });

  it('refuses an event without a signature with 400', async () => {
    const response = await postPrintifyWebhook(orderEvent(printifyId()));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', message: ShopMessages.webhookUnsigned });
  });

  it('syncs our order from Printify on a signed event, never from what the event says', async () => {
    const { client } = await shopperClient('printify-webhook');
    const { item } = await cartLine(client);
    const checkout = await client.post('/api/cart/quick-checkout', { item });
    await payWith(client, checkout.body);
    const [order] = await waitForOrders(client, 1);
    const rowOf = async () =>
      (
        await queryDatabase<{ printify_order_id: string; status: string; synced_at: Date }>(
          { databaseUrl: databaseUrl() },
          'select printify_order_id, status, synced_at from shop.orders where id = $1',
          [order!.id],
        )
      )[0]!;
    const before = await rowOf();
    await pause(50);

    const payload = orderEvent(before.printify_order_id, 'order:sent-to-production');
    expect(await postPrintifyWebhook(payload, sign(payload))).toEqual({ status: 200, body: { received: true } });
    const after = await eventually(rowOf, (row) => row.synced_at.getTime() > before.synced_at.getTime(), 15_000);
    // The event said "canceled"; Printify itself says the order is being made.
    expect(after.status).not.toBe('cancelled');
    expect(['processing', 'shipped', 'delivered']).toContain(after.status);
  });
});
