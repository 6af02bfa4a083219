import { SHIPPING_NOT_AVAILABLE, ShopMessages, type CartItem } from '@medical-qr/contracts';
import { HttpClient } from '../support/http-client.js';
import { addToCart, cartLine, shopperClient } from './shop-fixtures.js';

/** A variant in stock that ships nowhere beyond the named zones, and a country outside them. */
async function variantWithoutWorldwideShipping(client: HttpClient) {
  const blueprints = (await client.get('/api/printify/blueprints')).body as Array<{ id: number }>;
  for (const { id } of blueprints) {
    for (const provider of (await client.get(`/api/printify/blueprints/${id}/print-providers`)).body) {
      const base = `/api/printify/blueprints/${id}/print-providers/${provider.id}`;
      const variants = (await client.get(`${base}/variants`)).body.variants as Array<{ id: number }>;
      const profiles = (await client.get(`${base}/shipping`)).body.profiles as Array<{
        variant_ids: number[];
        countries: string[];
      }>;
      const world = profiles.find((profile) => profile.countries.includes('REST_OF_THE_WORLD'));
      const local = variants.find((variant) => !world?.variant_ids.includes(variant.id));
      if (local) return { blueprintId: id, printProviderId: provider.id, variantId: local.id };
    }
  }
  throw new Error('the catalog has no variant without worldwide shipping');
}

describe('cart', () => {
  it("stores the server's prices, never the client's", async () => {
    const { client } = await shopperClient('cart-prices');
    const { item, mockup } = await cartLine(client, { quantity: 2 });
    expect(mockup.cost).toBe(312);
    const added = await client.post('/api/cart/add', {
      ...item,
      unitPrice: 1,
      discount: 600,
      shippingFirst: 0,
      shippingAdditional: 0,
      productTitle: 'Free gold bar',
      medicalRecordId: '00000000-0000-4000-8000-000000000000',
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      productTitle: 'Acrylic Keychain',
      variantLabel: '2" x 2" / Clear',
      quantity: 2,
      unitPrice: 624,
      discount: 0,
      shippingFirst: 450,
      shippingAdditional: 150,
      // (624 - 0) x 2 + 450 + 150
      itemTotal: 1848,
      qrScale: '0.50',
      countryCode: 'US',
    });
    expect(added.body.medicalRecordId).not.toBe('00000000-0000-4000-8000-000000000000');
    expect((await client.get('/api/cart/count')).body).toEqual({ count: 2 });
  });

  it('refuses a quantity change made from an older version of the line with the line as it is now', async () => {
    const { client } = await shopperClient('cart-two-tabs');
    const { item } = await cartLine(client, { quantity: 1 });
    const line = (await client.post('/api/cart/add', item)).body;
    expect(line.version).toBe(1);
    const first = await client.request('PATCH', `/api/cart/${line.id}`, { quantity: 3 }, { 'if-match': '"1"' });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(2);
    expect(first.headers.get('etag')).toBe('"2"');
    // The other tab still shows version 1: its change is refused, and the 3 stays.
    const second = await client.request('PATCH', `/api/cart/${line.id}`, { quantity: 5 }, { 'if-match': '"1"' });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'EDIT_CONFLICT', current: { id: line.id, quantity: 3, version: 2 } });
    expect((await client.get(`/api/cart/${line.id}`)).body.quantity).toBe(3);
  });

  it('changes the quantity (1-10) with the shipping following, and removes a line', async () => {
    const { client } = await shopperClient('cart-quantity');
    const line = await addToCart(client);
    const patched = await client.request('PATCH', `/api/cart/${line.id}`, { quantity: 3 });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ quantity: 3, itemTotal: 624 * 3 + 450 + 2 * 150 });
    for (const quantity of [0, 11, 1.5, '2', null]) {
      const refused = await client.request('PATCH', `/api/cart/${line.id}`, { quantity });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/quantity/);
    }
    expect((await client.get(`/api/cart/${line.id}`)).body.quantity).toBe(3);
    const removed = await client.request('DELETE', `/api/cart/${line.id}`);
    expect(removed.status).toBe(200);
    expect((await client.get(`/api/cart/${line.id}`)).status).toBe(404);
    expect((await client.get('/api/cart')).body).toEqual([]);
  });

  it("answers 404 for another user's line, whatever the verb, and leaves it alone", async () => {
    const owner = await shopperClient('cart-owner');
    const line = await addToCart(owner.client);
    const { client: stranger } = await shopperClient('cart-stranger');
    expect((await stranger.get(`/api/cart/${line.id}`)).status).toBe(404);
    expect((await stranger.request('PATCH', `/api/cart/${line.id}`, { quantity: 5 })).status).toBe(404);
    const deleted = await stranger.request('DELETE', `/api/cart/${line.id}`);
    expect(deleted.status).toBe(404);
    expect(deleted.body.message).toBe(ShopMessages.cartItemNotFound);
    expect((await stranger.get('/api/cart')).body).toEqual([]);
    const kept = (await owner.client.get(`/api/cart/${line.id}`)).body as CartItem;
    expect(kept.quantity).toBe(1);
  });

  it("refuses a line made from another user's mockup", async () => {
    const owner = await shopperClient('mockup-owner');
    const { item } = await cartLine(owner.client);
    const { client: stranger } = await shopperClient('mockup-thief');
    const refused = await stranger.post('/api/cart/add', item);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(ShopMessages.mockupNotFound);
  });

  it('says "Shipping not available for this country" when no profile ships there', async () => {
    const { client } = await shopperClient('cart-shipping');
    const choice = await variantWithoutWorldwideShipping(client);
    const mockup = await client.post('/api/printify/generate-mockup-with-tag', {
      ...choice,
      scale: 0.4,
      tag: 'in_cart',
    });
    expect(mockup.status).toBe(200);
    const refused = await client.post('/api/cart/add', {
      ...choice,
      quantity: 1,
      countryCode: 'NZ',
      shippingAddressLine1: '1 Queen Street',
      shippingCity: 'Auckland',
      shippingState: 'Auckland',
      shippingPostalCode: '1010',
      qrScale: '0.4',
      printifyProductId: mockup.body.productId,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(SHIPPING_NOT_AVAILABLE);
  });

  it('says what is wrong with a bad line', async () => {
    const { client } = await shopperClient('cart-validation');
    const { item } = await cartLine(client);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ shippingAddressLine1: '   ' }, /Address line 1 is required/],
      [{ shippingCity: undefined }, /City is required/],
      [{ countryCode: 'usa' }, /two-letter country code/],
      [{ qrScale: '1.5' }, /scale must be at most 1/],
      [{ qrScale: '0.555' }, /steps of 0.01/],
      [{ quantity: 11 }, /quantity must be at most 10/],
      [{ variantId: 'x' }, /variantId must be a number/],
    ];
    for (const [change, message] of cases) {
      const refused = await client.post('/api/cart/add', { ...item, ...change });
      expect([change, refused.status]).toEqual([change, 400]);
      expect(refused.body.message).toMatch(message);
    }
  });
});
