import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { loadSandboxConfig } from '../config.js';
import { startSandboxes, type RunningSandboxes } from '../server.js';
import { WEBHOOK_TRIES } from './webhooks.js';
import type { Order, Product, UploadedImage, WebhookEvent } from './types.js';

const TOKEN = 'spec-printify-token';
const SHOP = '4242';
const STEP_MS = 200;
const QR_TEXT = 'https://medicalqr.example/p/SPEC-7Q2X';

const start = (providers = 'printify') =>
  startSandboxes(
    loadSandboxConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      SANDBOX_HTTP_PORT: '0',
      SANDBOX_PROVIDERS: providers,
      SANDBOX_PRINTIFY_TOKEN: TOKEN,
      SANDBOX_PRINTIFY_SHOP_ID: SHOP,
      SANDBOX_PRINTIFY_ORDER_STEP_MS: String(STEP_MS),
    }),
  );

interface Reply<T = any> {
  status: number;
  body: T;
}

/** The product's webhook receiver: records every attempt, and answers 500 on /failing. */
class Receiver {
  readonly attempts: Array<{ path: string; signature: string | undefined; raw: string; event: WebhookEvent }> = [];
  private server!: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const signature = req.headers['x-pfy-signature'] as string | undefined;
        this.attempts.push({ path: req.url ?? '', signature, raw, event: JSON.parse(raw) as WebhookEvent });
        res.writeHead(req.url === '/failing' ? 500 : 200).end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  at(path: string) {
    return this.attempts.filter((attempt) => attempt.path === path);
  }
}

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 8000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** What zbarimg (Debian's QR decoder) reads in a PNG. */
function zbar(png: Buffer): string {
  const folder = mkdtempSync(join(tmpdir(), 'printify-qr-'));
  try {
    writeFileSync(join(folder, 'mockup.png'), png);
    return execFileSync('zbarimg', ['--quiet', '--raw', join(folder, 'mockup.png')], { encoding: 'utf8' }).trim();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The mockup's near-black pixels: the stand-in draws products in light colours, so these are the QR's modules. */
function darkPixels(png: Buffer): number {
  const { data } = PNG.sync.read(png);
  let dark = 0;
  for (let offset = 0; offset < data.length; offset += 4) {
    if (data[offset]! < 80 && data[offset + 1]! < 80 && data[offset + 2]! < 80) dark++;
  }
  return dark;
}

describe('the Printify stand-in', () => {
  let sandboxes: RunningSandboxes;
  let base: string;
  const receiver = new Receiver();
  let receiverUrl: string;

  const call = async <T = any>(method: string, path: string, body?: unknown, token = TOKEN): Promise<Reply<T>> => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  };

  const upload = async (contents: Buffer, fileName = 'qr.png') =>
    call<UploadedImage>('POST', '/v1/uploads/images.json', {
      file_name: fileName,
      contents: contents.toString('base64'),
    });

  const magnet = (imageId: string, scale: number) => ({
    title: 'Medical QR magnet',
    description: '<p>Scan me</p>',
    blueprint_id: 532,
    print_provider_id: 28,
    variants: [
      { id: 53201, price: 900, is_enabled: true },
      { id: 53202, price: 1100, is_enabled: true },
    ],
    print_areas: [
      {
        variant_ids: [53201, 53202],
        placeholders: [{ position: 'front', images: [{ id: imageId, x: 0.5, y: 0.5, scale, angle: 0 }] }],
      },
    ],
  });

  const order = (productId: string, externalId: string) => ({
    external_id: externalId,
    label: 'MQR-1001',
    line_items: [{ product_id: productId, variant_id: 53201, quantity: 2 }],
    shipping_method: 1,
    send_shipping_notification: false,
    address_to: {
      first_name: 'Jordan',
      last_name: 'Lee',
      email: 'jordan.lee@example.com',
      phone: '555 0100',
      country: 'US',
      region: 'NY',
      address1: '1 Main St',
      address2: '',
      city: 'New York',
      zip: '10001',
    },
  });

  let qrPng: Buffer;
  let product: Product;

  beforeAll(async () => {
    receiverUrl = await receiver.start();
    sandboxes = await start();
    base = sandboxes.httpUrl;
    qrPng = await QRCode.toBuffer(QR_TEXT, { type: 'png', margin: 2, scale: 8, errorCorrectionLevel: 'M' });
  });
  afterAll(async () => {
    await sandboxes?.close();
    await receiver.stop();
  });

  it('refuses calls without its token, or for another shop', async () => {
    expect(await call('GET', '/v1/catalog/blueprints.json', undefined, '')).toEqual({
      status: 401,
      body: { error: 'Unauthenticated.' },
    });
    expect((await call('GET', '/v1/catalog/blueprints.json', undefined, 'wrong-token')).status).toBe(401);
    expect((await call('GET', '/v1/shops.json')).body).toEqual([
      { id: 4242, title: expect.any(String), sales_channel: 'custom_integration' },
    ]);
    const otherShop = await call('GET', '/v1/shops/999/orders.json');
    expect(otherShop).toMatchObject({
      status: 404,
      body: { status: 'error', errors: { reason: 'Shop 999 not found.' } },
    });
    expect((await call('GET', '/v1/shops/4242/nothing.json')).status).toBe(404);
  });

  it('lists a catalog that exercises the shop rules, with pictures it draws itself', async () => {
    const { status, body } = await call<Array<{ id: number; title: string; description: string; images: string[] }>>(
      'GET',
      '/v1/catalog/blueprints.json',
    );
    expect(status).toBe(200);
    const titles = body.map((blueprint) => blueprint.title);
    expect(body.map((blueprint) => blueprint.id)).toEqual(expect.arrayContaining([566, 1482, 1308, 760, 1012, 6]));
    for (const title of ['Acrylic Keychain', 'Metal Keychain', 'Die-Cut Magnets', 'Pet Collar', 'Dog Collar']) {
      expect(titles).toContain(title);
    }
    for (const title of ['Vegan Leather Wallet', 'Canvas Lunch Bag With Strap', 'Polyester Lunch Bag']) {
      expect(titles).toContain(title);
    }
    expect(body.every((blueprint) => /<p>/.test(blueprint.description))).toBe(true);
    const image = body[0]!.images[0]!;
    expect(image.startsWith(`${base}/printify-images/`)).toBe(true);
    const picture = await fetch(image);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(PNG.sync.read(Buffer.from(await picture.arrayBuffer()))).toMatchObject({ width: 800, height: 800 });
    // An address that has moved, for the product's refusal to follow redirects.
    const moved = await fetch(image.replace('/printify-images/', '/printify-images/moved/'), { redirect: 'manual' });
    expect([moved.status, moved.headers.get('location')]).toEqual([301, new URL(image).pathname]);

    expect((await call('GET', '/v1/catalog/blueprints/566.json')).body).toMatchObject({ id: 566, title: 'Pet Tag' });
    expect((await call('GET', '/v1/catalog/blueprints/9999.json')).status).toBe(404);
    expect((await call('GET', '/v1/catalog/blueprints/566/print_providers.json')).body).toEqual([
      { id: 1, title: 'SPOKE Custom Products' },
      { id: 29, title: 'Monster Digital' },
    ]);
  });

  it('leaves out variants out of stock when asked to', async () => {
    const path = '/v1/catalog/blueprints/532/print_providers/28/variants.json';
    const all = (await call('GET', path)).body;
    const inStock = (await call('GET', `${path}?show-out-of-stock=0`)).body;
    expect(all).toMatchObject({ id: 28, title: 'Printed Simply' });
    expect(all.variants).toHaveLength(5);
    expect(all.variants[0]).toEqual({
      id: 53201,
      title: '2" x 2"',
      options: { size: '2" x 2"' },
      placeholders: [{ position: 'front', width: 1200, height: 1200 }],
      is_available: true,
    });
    expect(inStock.variants.map((variant: { id: number }) => variant.id)).toEqual([53201, 53202, 53203, 53205]);
    expect((await call('GET', '/v1/catalog/blueprints/532/print_providers/1/variants.json')).status).toBe(404);
  });

  it('answers shipping in cents per zone, the rest of the world for some variants only', async () => {
    const { body } = await call('GET', '/v1/catalog/blueprints/532/print_providers/28/shipping.json');
    expect(body.handling_time).toEqual({ value: expect.any(Number), unit: 'day' });
    const countries = body.profiles.flatMap((profile: { countries: string[] }) => profile.countries);
    expect(countries).toEqual(expect.arrayContaining(['US', 'CA', 'GB', 'IN', 'DE', 'FR', 'REST_OF_THE_WORLD']));
    const us = body.profiles.find((profile: { countries: string[] }) => profile.countries.includes('US'));
    expect(us).toEqual({
      variant_ids: [53201, 53202, 53203, 53204, 53205],
      first_item: { cost: 450, currency: 'USD' },
      additional_items: { cost: 150, currency: 'USD' },
      countries: ['US'],
    });
    const world = body.profiles.find((profile: { countries: string[] }) =>
      profile.countries.includes('REST_OF_THE_WORLD'),
    );
    expect(world.variant_ids).toEqual([53201, 53202, 53203, 53204]);
  });

  it('prints an uploaded QR onto mockups at the scale asked for', async () => {
    const uploaded = await upload(qrPng);
    expect(uploaded).toMatchObject({
      status: 200,
      body: { file_name: 'qr.png', mime_type: 'image/png', size: qrPng.length, width: expect.any(Number) },
    });
    expect(uploaded.body.id).toMatch(/^[0-9a-f]{24}$/);
    const preview = await fetch(uploaded.body.preview_url);
    expect(Buffer.from(await preview.arrayBuffer()).equals(qrPng)).toBe(true);

    const small = await call<Product>('POST', `/v1/shops/${SHOP}/products.json`, magnet(uploaded.body.id, 0.3));
    const large = await call<Product>('POST', `/v1/shops/${SHOP}/products.json`, magnet(uploaded.body.id, 0.8));
    expect(small.status).toBe(200);
    product = small.body;
    expect(product).toMatchObject({
      blueprint_id: 532,
      print_provider_id: 28,
      shop_id: 4242,
      title: 'Medical QR magnet',
    });
    expect(product.variants.find((variant) => variant.id === 53201)).toMatchObject({
      cost: 199,
      price: 900,
      is_enabled: true,
      is_available: true,
      title: '2" x 2"',
      options: [expect.any(Number)],
    });
    expect(product.variants.find((variant) => variant.id === 53204)).toMatchObject({
      is_enabled: false,
      is_available: false,
    });
    expect(product.print_areas[0]!.placeholders[0]!.images[0]).toMatchObject({
      id: uploaded.body.id,
      scale: 0.3,
      type: 'image/png',
    });
    expect(product.images[0]).toMatchObject({ variant_ids: [53201], position: 'front', is_default: true });
    expect(product.images.map((image) => image.src)).toEqual(
      expect.arrayContaining([expect.stringMatching(new RegExp(`^${base}/printify-images/mockup/`))]),
    );

    const mockups = await Promise.all(
      [small.body, large.body].map(async (made) => Buffer.from(await (await fetch(made.images[0]!.src)).arrayBuffer())),
    );
    expect(mockups.map(zbar)).toEqual([QR_TEXT, QR_TEXT]);
    const [smallDark, largeDark] = mockups.map(darkPixels) as [number, number];
    expect(smallDark).toBeGreaterThan(1000);
    // Area grows with the square of the scale: (0.8 / 0.3)^2 is about 7.
    expect(largeDark / smallDark).toBeGreaterThan(5);

    expect((await call('GET', `/v1/shops/${SHOP}/products/${large.body.id}.json`)).body).toMatchObject({
      id: large.body.id,
    });
    expect(await call('DELETE', `/v1/shops/${SHOP}/products/${large.body.id}.json`)).toEqual({ status: 200, body: {} });
    expect((await call('GET', `/v1/shops/${SHOP}/products/${large.body.id}.json`)).status).toBe(404);
    expect((await fetch(large.body.images[0]!.src)).status).toBe(404);
  });

  it('refuses uploads that are not PNG or JPEG, or larger than 5 MB', async () => {
    const text = await upload(Buffer.from('just some text'), 'notes.txt');
    expect(text).toMatchObject({
      status: 400,
      body: { code: 8150, message: 'Validation failed.', errors: { field: 'contents' } },
    });
    const huge = Buffer.concat([qrPng, Buffer.alloc(5 * 1024 * 1024)]);
    expect(await upload(huge)).toMatchObject({
      status: 400,
      body: { code: 8150, errors: { reason: expect.stringMatching(/^contents: .*5 MB/) } },
    });
  });

  it('refuses a second order for an external id, and moves the first to fulfilled once sent to production', async () => {
    const first = await call('POST', `/v1/shops/${SHOP}/orders.json`, order(product.id, 'mqr-order-1'));
    const again = await call('POST', `/v1/shops/${SHOP}/orders.json`, order(product.id, 'mqr-order-1'));
    expect(first.status).toBe(200);
    expect(again).toMatchObject({
      status: 400,
      body: { code: 8150, message: 'Validation failed.', errors: { field: 'external_id' } },
    });

    const onHold = (await call<Order>('GET', `/v1/shops/${SHOP}/orders/${first.body.id}.json`)).body;
    expect(onHold).toMatchObject({
      status: 'on-hold',
      total_price: 2 * 199,
      total_shipping: 450 + 150,
      line_items: [
        { product_id: product.id, variant_id: 53201, quantity: 2, cost: 199, shipping_cost: 600, status: 'on-hold' },
      ],
      shipments: [],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+00:00$/),
    });
    const list = (await call('GET', `/v1/shops/${SHOP}/orders.json?page=1&limit=5`)).body;
    expect(list).toMatchObject({ current_page: 1, per_page: 5, total: 1, data: [{ id: first.body.id }] });

    const sent = await call<Order>('POST', `/v1/shops/${SHOP}/orders/${first.body.id}/send_to_production.json`);
    expect(sent.body.status).toBe('sending-to-production');
    const fulfilled = await until('the order to be fulfilled', async () => {
      const current = (await call<Order>('GET', `/v1/shops/${SHOP}/orders/${first.body.id}.json`)).body;
      return current.status === 'fulfilled' ? current : undefined;
    });
    expect(fulfilled.sent_to_production_at).toBeDefined();
    expect(fulfilled.fulfilled_at).toBeDefined();
    expect(fulfilled.shipments[0]).toMatchObject({ carrier: 'usps', number: expect.stringMatching(/^\d{20,}$/) });
    expect(fulfilled.shipments[0]!.url).toContain(fulfilled.shipments[0]!.number);
    expect(
      (await call('POST', `/v1/shops/${SHOP}/orders/${first.body.id}/send_to_production.json`)).body,
    ).toMatchObject({
      errors: { field: 'status' },
    });
  });

  it('sends signed webhooks to registered endpoints only, retrying a failing one a bounded number of times', async () => {
    const hooks = [
      { topic: 'order:updated', url: `${receiverUrl}/printify`, secret: 'hook-secret' },
      { topic: 'order:shipment:created', url: `${receiverUrl}/printify`, secret: 'hook-secret' },
      { topic: 'order:sent-to-production', url: `${receiverUrl}/failing`, secret: 'other' },
    ];
    for (const hook of hooks) expect((await call('POST', `/v1/shops/${SHOP}/webhooks.json`, hook)).status).toBe(200);
    const listed = (await call('GET', `/v1/shops/${SHOP}/webhooks.json`)).body;
    expect(listed).toHaveLength(3);
    expect(listed[0]).toEqual({
      id: expect.any(String),
      topic: 'order:updated',
      url: `${receiverUrl}/printify`,
      shop_id: SHOP,
    });

    const { body } = await call('POST', `/v1/shops/${SHOP}/orders.json`, order(product.id, 'mqr-order-2'));
    await call('POST', `/v1/shops/${SHOP}/orders/${body.id}/send_to_production.json`);
    await until('the shipment event', () =>
      receiver.at('/printify').find((attempt) => attempt.event.type === 'order:shipment:created'),
    );
    await until('the failing endpoint to be given up on', () =>
      receiver.at('/failing').length >= WEBHOOK_TRIES ? true : undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, STEP_MS * 2));

    const delivered = receiver.at('/printify');
    for (const attempt of delivered) {
      const expected = `sha256=${createHmac('sha256', 'hook-secret').update(attempt.raw).digest('hex')}`;
      expect(attempt.signature).toBe(expected);
    }
    const statuses = delivered.filter((a) => a.event.type === 'order:updated').map((a) => a.event.resource.data.status);
    expect(statuses).toEqual(['sending-to-production', 'in-production', 'fulfilled']);
    const shipment = delivered.find((attempt) => attempt.event.type === 'order:shipment:created')!.event;
    expect(shipment).toMatchObject({
      id: expect.any(String),
      created_at: expect.any(String),
      resource: {
        id: body.id,
        type: 'order',
        data: { shop_id: 4242, carrier: { code: 'usps', tracking_number: expect.any(String) } },
      },
    });
    // No one registered for order:created or order:shipment:delivered.
    expect(receiver.attempts.map((attempt) => attempt.event.type)).not.toContain('order:created');
    expect(receiver.attempts.map((attempt) => attempt.event.type)).not.toContain('order:shipment:delivered');
    expect(receiver.at('/failing')).toHaveLength(WEBHOOK_TRIES);

    const removed = await call('DELETE', `/v1/shops/${SHOP}/webhooks/${listed[0].id}.json`);
    expect(removed.body).toEqual({ id: listed[0].id });
    expect((await call('GET', `/v1/shops/${SHOP}/webhooks.json`)).body).toHaveLength(2);
  });

  it.each([
    ['/v1/uploads/images.json', { contents: 'aGVsbG8=' }, 'file_name'],
    ['/v1/uploads/images.json', 'not json', 'body'],
    [`/v1/shops/${SHOP}/products.json`, { title: 'x' }, 'blueprint_id'],
    [`/v1/shops/${SHOP}/products.json`, [1, 2], 'body'],
    [`/v1/shops/${SHOP}/orders.json`, { external_id: 'x', line_items: [] }, 'line_items'],
    [`/v1/shops/${SHOP}/webhooks.json`, { topic: 'order:eaten', url: 'http://x.example' }, 'topic'],
    [`/v1/shops/${SHOP}/webhooks.json`, { topic: 'order:updated', url: 'ftp://x.example' }, 'url'],
  ])('answers POST %s with a bad body with a 400 naming the field (%#)', async (path, body, field) => {
    const reply = await call('POST', path, body);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ status: 'error', code: 8150, message: 'Validation failed.' });
    expect(reply.body.errors.reason).toMatch(new RegExp(`^${field}: `));
  });

  it('checks products and orders against the catalog and the shop, naming the field', async () => {
    const uploaded = (await upload(qrPng)).body;
    const cases: Array<[string, object, string]> = [
      ['products', { ...magnet(uploaded.id, 0.5), print_provider_id: 1 }, 'print_provider_id'],
      ['products', { ...magnet(uploaded.id, 0.5), variants: [{ id: 1, price: 1 }] }, 'variants.0.id'],
      ['products', magnet('000000000000000000000000', 0.5), 'print_areas.0.placeholders.0.images.0.id'],
      ['products', { ...magnet(uploaded.id, -1) }, 'print_areas.0.placeholders.0.images.0.scale'],
      ['orders', order('000000000000000000000000', 'bad-1'), 'line_items.0.product_id'],
      [
        'orders',
        { ...order(product.id, 'bad-2'), address_to: { ...order('', '').address_to, country: 'usa' } },
        'address_to.country',
      ],
    ];
    for (const [what, body, field] of cases) {
      const reply = await call('POST', `/v1/shops/${SHOP}/${what}.json`, body);
      expect([reply.status, reply.body.errors?.field]).toEqual([400, field]);
    }
  });
});

describe('the Printify stand-in beside Stripe', () => {
  it('answers its own /v1 paths and leaves the others to Stripe', async () => {
    const sandboxes = await start('printify,stripe');
    try {
      const printify = await fetch(`${sandboxes.httpUrl}/v1/catalog/blueprints/760.json`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(await printify.json()).toMatchObject({ id: 760, title: 'Lunch Bag' });
      const stripe = await fetch(`${sandboxes.httpUrl}/v1/customers`, {
        headers: { authorization: 'Bearer sk_test_spec' },
      });
      expect(stripe.status).toBe(200);
      expect(await stripe.json()).toMatchObject({ object: 'list' });
    } finally {
      await sandboxes.close();
    }
  });
});
