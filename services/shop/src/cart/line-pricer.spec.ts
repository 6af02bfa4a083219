import { cartItemInputSchema, merchPrice, type ShippingProfile } from '@medical-qr/contracts';
import { AppError } from '@medical-qr/platform';
import type { CatalogService } from '../catalog/catalog.service.js';
import type { MockupRow } from '../database/schema.js';
import type { MockupsRepository } from '../mockups/mockups.repository.js';
import { LinePricer } from './line-pricer.js';

const owner = '2d9c8b7a-6f5e-4d3c-8b2a-1f0e9d8c7b6a';
const mockup: MockupRow = {
  printifyProductId: 'product-1',
  userId: owner,
  blueprintId: 12,
  printProviderId: 3,
  variantId: 45,
  productTitle: 'Keychain',
  variantLabel: 'Round',
  qrScale: '1.00',
  cost: 700,
  mockupUrls: [],
  tag: 'in_cart',
  createdAt: new Date(0),
};
const usProfile: ShippingProfile = {
  variant_ids: [45],
  countries: ['US'],
  first_item: { cost: 400, currency: 'USD' },
  additional_items: { cost: 100, currency: 'USD' },
};
const worldProfile: ShippingProfile = {
  ...usProfile,
  countries: ['REST_OF_THE_WORLD'],
  first_item: { cost: 900, currency: 'USD' },
};

/** A line as the client sends it, prices included (which the pricer must never read). */
const line = (changes: Record<string, unknown> = {}) =>
  cartItemInputSchema.parse({
    blueprintId: 12,
    printProviderId: 3,
    variantId: 45,
    quantity: 2,
    countryCode: 'US',
    shippingAddressLine1: '1 Main St',
    shippingCity: 'Springfield',
    shippingState: 'IL',
    shippingPostalCode: '62701',
    qrScale: '1',
    printifyProductId: 'product-1',
    unitPrice: 1,
    discount: 999,
    ...changes,
  });

function pricer(profiles: ShippingProfile[] = [usProfile, worldProfile]) {
  const mockups = {
    find: async (userId: string, productId: string) =>
      userId === mockup.userId && productId === mockup.printifyProductId ? mockup : undefined,
  } as unknown as MockupsRepository;
  const catalog = { shipping: async () => ({ profiles }) } as unknown as CatalogService;
  return new LinePricer(catalog, mockups);
}

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (error instanceof AppError ? error.code : error),
  );

describe('pricing a cart line from the server’s own facts', () => {
  it('prices from the provider’s cost, the country’s shipping and the plan, never from the prices sent', async () => {
    const free = await pricer().price(owner, false, line());
    expect(free.price).toEqual(merchPrice({ providerCost: 700, quantity: 2, profile: usProfile, isPremium: false }));
    const premium = await pricer().price(owner, true, line());
    expect(premium.price).toEqual(merchPrice({ providerCost: 700, quantity: 2, profile: usProfile, isPremium: true }));
    expect(premium.price.discount).toBeGreaterThan(0);
    expect(free.price.discount).toBe(0);
    expect(premium.price.itemTotal).toBeLessThan(free.price.itemTotal);
  });

  it('ships to a country without its own profile at the rest of the world’s rate', async () => {
    const priced = await pricer().price(owner, false, line({ countryCode: 'FR' }));
    expect(priced.price.shippingFirst).toBe(900);
  });

  it('refuses a country no profile ships to', async () => {
    expect(await refusalOf(pricer([usProfile]).price(owner, false, line({ countryCode: 'FR' })))).toBe(
      'VALIDATION_ERROR',
    );
  });

  it.each([
    ['someone else’s mockup', '7c6b5a49-3827-4165-a4f3-e2d1c0b9a897', {}],
    ['a mockup made for another variant', owner, { variantId: 46 }],
    ['a mockup made for another blueprint', owner, { blueprintId: 13 }],
    ['a mockup made with another provider', owner, { printProviderId: 4 }],
    ['a product that is not a mockup', owner, { printifyProductId: 'product-2' }],
  ])('answers %s as not found', async (_, userId, changes) => {
    expect(await refusalOf(pricer().price(userId, false, line(changes)))).toBe('NOT_FOUND');
  });
});
