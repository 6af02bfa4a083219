import express from 'express';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage } from 'node:http';
import { isStripeWebhookRequest, stripeWebhookBodyParserOptions } from './stripe-webhook-body.js';

const request = (url: string) => ({ url }) as IncomingMessage;

describe('the webhook route and its body parser', () => {
  it('recognises the webhook path as Express routes it', () => {
    expect(isStripeWebhookRequest(request('/api/stripe/webhook'))).toBe(true);
    expect(isStripeWebhookRequest(request('/api/stripe/webhook/'))).toBe(true);
    expect(isStripeWebhookRequest(request('/API/Stripe/Webhook?attempt=2'))).toBe(true);
    expect(isStripeWebhookRequest(request('/api/stripe/webhooks'))).toBe(false);
    expect(isStripeWebhookRequest(request('/api/health'))).toBe(false);
  });

  /** Two parsers the way main.ts registers them: the webhook's first, then the general one (100 kB). */
  async function post(path: string, bytes: number): Promise<number> {
    const app = express();
    app.use(express.json(stripeWebhookBodyParserOptions));
    app.use(express.json({ limit: '100kb' }));
    app.post(/.*/, (req, res) => {
      res.json({ keys: Object.keys(req.body ?? {}) });
    });
    app.use((error: { status?: number }, _req: express.Request, res: express.Response, _next: express.NextFunction) =>
      res.sendStatus(error.status ?? 500),
    );
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ filler: 'x'.repeat(bytes) }),
      });
      return response.status;
    } finally {
      server.close();
    }
  }

  it('gives the webhook room for a 300 kB event, bounds it at 512 kB, and leaves other routes at their limit', async () => {
    expect(await post('/api/stripe/webhook', 300_000)).toBe(200);
    expect(await post('/api/stripe/webhook', 600_000)).toBe(413);
    expect(await post('/api/health', 300_000)).toBe(413);
    expect(await post('/api/health', 50_000)).toBe(200);
  });
});
