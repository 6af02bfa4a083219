import { loadSandboxConfig } from './config.js';
import { startSandboxes, type RunningSandboxes } from './server.js';

const TOKEN = 'spec-printify-token';
const SHOP = '4242';

describe('faults injected into the stand-ins (/dev/faults)', () => {
  let sandboxes: RunningSandboxes;
  const printify = (path: string, init: RequestInit = {}) =>
    fetch(`${sandboxes.httpUrl}/v1/shops/${SHOP}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    });
  const inject = async (rule: object) =>
    (
      await fetch(`${sandboxes.httpUrl}/dev/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(rule),
      })
    ).json() as Promise<{ id: number }>;
  const rules = async () =>
    (await (await fetch(`${sandboxes.httpUrl}/dev/faults`)).json()) as Array<{ id: number; hits: number }>;

  beforeAll(async () => {
    sandboxes = await startSandboxes(
      loadSandboxConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'error',
        SANDBOX_HTTP_PORT: '0',
        SANDBOX_PROVIDERS: 'printify',
        SANDBOX_PRINTIFY_TOKEN: TOKEN,
        SANDBOX_PRINTIFY_SHOP_ID: SHOP,
      }),
    );
  });
  afterAll(() => sandboxes.close());
  afterEach(() => fetch(`${sandboxes.httpUrl}/dev/faults`, { method: 'DELETE' }));

  it('fails the next matching requests without doing them, then serves as usual', async () => {
    const { id } = await inject({ method: 'get', path: '^/v1/shops/\\d+/orders\\.json$', mode: 'fail', times: 2 });
    expect((await printify('/orders.json')).status).toBe(500);
    expect((await printify('/orders.json', { method: 'POST', body: '{}' })).status).toBe(400);
    expect((await printify('/orders.json')).status).toBe(500);
    expect((await printify('/orders.json')).status).toBe(200);
    expect(await rules()).toEqual([expect.objectContaining({ id, hits: 2, remaining: 0 })]);
  });

  it('answers nothing while it hangs, then drops the connection', async () => {
    await inject({ path: '^/v1/shops/\\d+/products\\.json$', mode: 'hang', ms: 300 });
    const started = Date.now();
    await expect(printify('/products.json')).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('does a held request, and answers it only later', async () => {
    await inject({ method: 'POST', path: '^/v1/shops/\\d+/webhooks\\.json$', mode: 'hold', ms: 1500 });
    const hook = { topic: 'order:created', url: 'https://example.test/hook' };
    const held = printify('/webhooks.json', {
      method: 'POST',
      body: JSON.stringify(hook),
      signal: AbortSignal.timeout(300),
    });
    await expect(held).rejects.toThrow();
    // Done, though its caller never heard so.
    const listed = (await (await printify('/webhooks.json')).json()) as Array<{ topic: string }>;
    expect(listed.map((webhook) => webhook.topic)).toEqual(['order:created']);
  });

  it('refuses a rule it cannot apply', async () => {
    const response = await fetch(`${sandboxes.httpUrl}/dev/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '^/v1', mode: 'explode' }),
    });
    expect(response.status).toBe(400);
  });
});
