import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, connect, type AddressInfo } from 'node:net';
import { Router } from 'express';
import { ConfigError } from '@medical-qr/platform';
import { loadSandboxConfig } from './config.js';
import { defineProvider } from './provider-descriptor.js';
import { PROVIDERS } from './providers.js';
import { startSandboxes } from './server.js';

/**
 * A stand-in written the way a Stripe one would be: a listener of its own, a secret shared with the product, and
 * signed webhooks sent to the product. Nothing outside this file knows about it.
 */
const payments = defineProvider({
  name: 'payments',
  label: 'Payments',
  realVariables: ['PAYMENTS_API_KEY'],
  ports: { events: { variable: 'SANDBOX_PAYMENTS_EVENTS_PORT', defaultPort: 4199 } },
  settings: { webhookSecret: { variable: 'SANDBOX_PAYMENTS_WEBHOOK_SECRET', defaultValue: 'whsec_local' } },
  outbound: { webhook: { path: '/api/payments/webhook', what: 'signed webhooks' } },
  async start({ host, ports, settings, productUrl }) {
    const listener = createTcpServer((socket) => socket.end('payments\n'));
    await new Promise<void>((resolve) => listener.listen(ports.events, host, resolve));
    const router = Router();
    router.post('/v1/test-events', async (_req, res) => {
      const body = JSON.stringify({ type: 'invoice.paid' });
      const signature = createHmac('sha256', settings.webhookSecret).update(body).digest('hex');
      const answer = await fetch(productUrl('webhook'), {
        method: 'POST',
        body,
        headers: { 'x-signature': signature },
      });
      res.json({ delivered: answer.status });
    });
    return {
      router,
      ports: { events: (listener.address() as AddressInfo).port },
      close: () => new Promise<void>((resolve) => listener.close(() => resolve())),
    };
  },
  productEnv: ({ serverUrl, settings }) => ({
    PAYMENTS_API_BASE: serverUrl,
    PAYMENTS_WEBHOOK_SECRET: settings.webhookSecret,
  }),
});

const quiet = { NODE_ENV: 'test', LOG_LEVEL: 'silent', SANDBOX_HTTP_PORT: '0' };

describe('a provider descriptor', () => {
  it('lists every stand-in once, each with a label and the real provider variables', () => {
    expect(PROVIDERS.map((provider) => provider.name)).toEqual(['smtp', 'google', 'printify', 'stripe', 'twilio']);
    for (const provider of PROVIDERS) {
      expect(provider.label).not.toBe('');
      expect(provider.realVariables.length).toBeGreaterThan(0);
    }
  });

  it('brings its own variables into the configuration, checked with the others', () => {
    const config = loadSandboxConfig({ SANDBOX_PROVIDERS: 'payments' }, [payments]);
    expect(config.providers).toEqual([payments]);
    expect(config.ports).toEqual({ SANDBOX_PAYMENTS_EVENTS_PORT: 4199 });
    expect(config.settings).toEqual({ SANDBOX_PAYMENTS_WEBHOOK_SECRET: 'whsec_local' });

    let error: unknown;
    try {
      loadSandboxConfig({ SANDBOX_PAYMENTS_EVENTS_PORT: 'many', SANDBOX_PROVIDERS: 'payments,smtp' }, [payments]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^SANDBOX_PAYMENTS_EVENTS_PORT: a port number/m);
    expect(problems).toMatch(/^SANDBOX_PROVIDERS: a comma-separated list of payments$/m);
  });

  describe('running in the sandbox server', () => {
    let product: Server;
    const received: Array<{ path: string; signature: string | undefined; body: string }> = [];

    beforeAll(async () => {
      product = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          received.push({ path: req.url ?? '', signature: req.headers['x-signature'] as string | undefined, body });
          res.writeHead(204).end();
        });
      });
      await new Promise<void>((resolve) => product.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => new Promise<void>((resolve) => product.close(() => resolve())));

    it('listens where it declares, and calls the product at the address it is given', async () => {
      const productUrl = `http://127.0.0.1:${(product.address() as AddressInfo).port}`;
      const config = loadSandboxConfig(
        {
          ...quiet,
          SANDBOX_PAYMENTS_EVENTS_PORT: '0',
          SANDBOX_PAYMENTS_WEBHOOK_SECRET: 's3',
          SANDBOX_PRODUCT_URL: productUrl,
        },
        [payments],
      );
      const sandboxes = await startSandboxes(config);
      try {
        const eventsPort = sandboxes.ports.SANDBOX_PAYMENTS_EVENTS_PORT!;
        const greeting = await new Promise<string>((resolve) =>
          connect(eventsPort, '127.0.0.1').on('data', (data) => resolve(data.toString())),
        );
        expect(greeting).toBe('payments\n');
        expect(await (await fetch(`${sandboxes.httpUrl}/health`)).json()).toEqual({
          status: 'ok',
          providers: ['payments'],
        });

        const trigger = await fetch(`${sandboxes.httpUrl}/v1/test-events`, { method: 'POST' });
        expect(await trigger.json()).toEqual({ delivered: 204 });
        const body = JSON.stringify({ type: 'invoice.paid' });
        expect(received).toEqual([
          { path: '/api/payments/webhook', signature: createHmac('sha256', 's3').update(body).digest('hex'), body },
        ]);
      } finally {
        await sandboxes.close();
      }
    });

    it('says which variable is missing when it must call a product it was not told about', async () => {
      const sandboxes = await startSandboxes(
        loadSandboxConfig({ ...quiet, SANDBOX_PAYMENTS_EVENTS_PORT: '0' }, [payments]),
      );
      try {
        const trigger = await fetch(`${sandboxes.httpUrl}/v1/test-events`, { method: 'POST' });
        expect(trigger.status).toBe(500);
        expect(await trigger.json()).toMatchObject({
          error_description: 'the payments stand-in needs SANDBOX_PRODUCT_URL to send signed webhooks',
        });
      } finally {
        await sandboxes.close();
      }
    });
  });
});
