import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCodes } from '@medical-qr/contracts';
import { createLogger } from '@medical-qr/platform';
import type { ShopConfig } from '../config.js';
import { PrintifyClient } from './printify-client.js';

/** A Printify that answers each path with the body given for it. */
function printify(replies: Record<string, unknown>): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').replace(/^\/v1/, '').split('?')[0]!;
    if (!(path in replies)) return res.writeHead(404).end('{}');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(replies[path]));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const blueprint = { id: 6, title: 'Keychain', description: 'A tag', brand: 'Generic', model: 'K1', images: ['a.png'] };

describe("Printify's replies", () => {
  let server: Server;
  let client: PrintifyClient;

  beforeAll(async () => {
    server = await printify({
      '/catalog/blueprints/6.json': { ...blueprint, extra: 'kept' },
      '/catalog/blueprints/7.json': { ...blueprint, id: '7', images: null },
    });
    const config = {
      PRINTIFY_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      PRINTIFY_API_TOKEN: 'token',
      PRINTIFY_SHOP_ID: '1',
      PRINTIFY_TIMEOUT_MS: 2000,
    } as ShopConfig;
    client = new PrintifyClient(config, createLogger('printify-client-spec', 'silent'));
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('are read when they have the shape the shop reads, fields it does not read passing through', async () => {
    expect(await client.blueprint(6)).toEqual({ ...blueprint, extra: 'kept' });
  });

  it('that break that shape are refused at the call, as Printify being unavailable, not passed on', async () => {
    await expect(client.blueprint(7)).rejects.toMatchObject({ code: ErrorCodes.SERVICE_UNAVAILABLE });
  });

  it('that say "not found" are null where a thing may not exist', async () => {
    expect(await client.blueprint(8)).toBeNull();
  });
});
