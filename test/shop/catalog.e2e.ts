import { Redis } from 'ioredis';
import { SHOP_CATEGORIES, ShopMessages, type Blueprint } from '@medical-qr/contracts';
import { HttpClient } from '../support/http-client.js';

const visitor = () => new HttpClient();

describe('shop catalog (public)', () => {
  let blueprints: Blueprint[];
  beforeAll(async () => {
    const response = await visitor().get('/api/printify/blueprints');
    expect(response.status).toBe(200);
    blueprints = response.body;
  });

  it('offers keychains, magnets, pet tag 566, air freshener 1482, luggage tag 1308 and lunch bag 760', () => {
    const ids = blueprints.map((blueprint) => blueprint.id);
    expect(ids).toEqual(expect.arrayContaining([566, 1482, 1308, 760, 1090, 1133, 1251, 532, 1105]));
    const categories = new Set(blueprints.map((blueprint) => blueprint.category));
    expect([...categories].sort()).toEqual(SHOP_CATEGORIES.filter((category) => category !== 'all').sort());
  });

  it('drops what the filters exclude: collars, other pet tags, vegan wallets, 1012 and the listed lunch bags', () => {
    const titles = blueprints.map((blueprint) => blueprint.title.toLowerCase());
    expect(blueprints.map((blueprint) => blueprint.id)).not.toContain(1012);
    expect(titles.some((title) => /collar|wallet|polyester|paper|strap/.test(title))).toBe(false);
    expect(blueprints.filter((blueprint) => blueprint.category === 'pets').map((b) => b.id)).toEqual([566]);
  });

  it('describes products as text, with their images', () => {
    for (const blueprint of blueprints) {
      expect(blueprint.description).not.toMatch(/<[a-z/][^>]*>/i);
      expect(blueprint.description).not.toMatch(/&amp;|&nbsp;/);
      // Printify's ".:" feature markers are not shown as text.
      expect(blueprint.description).not.toContain('.:');
      expect(blueprint.images.length).toBeGreaterThan(0);
    }
  });

  it('answers one product, and 404 for one the shop does not offer or a malformed id', async () => {
    const keychain = await visitor().get('/api/printify/blueprints/1090');
    expect(keychain.status).toBe(200);
    expect(keychain.body).toMatchObject({ id: 1090, category: 'keychains' });
    for (const id of ['1012', '999999', 'abc', '-1', '1.5']) {
      const response = await visitor().get(`/api/printify/blueprints/${id}`);
      expect(response.status).toBe(404);
      expect(response.body.message).toBe(ShopMessages.productNotFound);
    }
  });

  it('lists providers, in-stock variants only, and shipping profiles in cents', async () => {
    const providers = await visitor().get('/api/printify/blueprints/1090/print-providers');
    expect(providers.status).toBe(200);
    expect(providers.body.length).toBeGreaterThan(0);
    const providerId = providers.body[0].id;
    const variants = await visitor().get(`/api/printify/blueprints/1090/print-providers/${providerId}/variants`);
    expect(variants.status).toBe(200);
    const titles = variants.body.variants.map((variant: { title: string }) => variant.title);
    expect(titles).toContain('2" x 2" / Clear');
    // The stand-in's 4" keychain is out of stock.
    expect(titles).not.toContain('4" x 4" / Clear');
    expect(variants.body.variants[0].options).toMatchObject({ size: '2" x 2"' });
    const shipping = await visitor().get(`/api/printify/blueprints/1090/print-providers/${providerId}/shipping`);
    expect(shipping.status).toBe(200);
    const us = shipping.body.profiles.find((profile: { countries: string[] }) => profile.countries.includes('US'));
    expect(us.first_item).toEqual({ cost: 450, currency: 'USD' });
    expect(us.additional_items).toEqual({ cost: 150, currency: 'USD' });
    const unknownProvider = await visitor().get('/api/printify/blueprints/1090/print-providers/424242/variants');
    expect(unknownProvider.status).toBe(404);
    expect(unknownProvider.body.message).toBe(ShopMessages.printProviderNotFound);
  });

  it("keeps Printify's catalog answers in Redis with a time to live", async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    try {
      const ttl = await redis.pttl(`${process.env.E2E_REDIS_PREFIX}:shop:catalog:blueprints`);
      expect(ttl).toBeGreaterThan(60_000);
    } finally {
      redis.disconnect();
    }
  });
});
