import type { Blueprint, CartItem, Country, Order, ShippingResponse, VariantsResponse } from '@medical-qr/contracts';
import type { StubHandler } from './fetch-stub';

/** Printify pictures as the shop's API returns them: absolute addresses on Printify's CDN. */
export const PRINTIFY_IMAGE = (name: string) => `https://images.printify.com/${name}.png`;

export function aBlueprint(overrides: Partial<Blueprint> = {}): Blueprint {
  return {
    id: 1308,
    title: 'Luggage Tag',
    description: 'Durable luggage tag with a leather strap.',
    brand: 'Printify Choice',
    model: 'LT-01',
    images: [PRINTIFY_IMAGE('luggage-front'), PRINTIFY_IMAGE('luggage-back')],
    category: 'luggage-tags',
    ...overrides,
  };
}

export const PROVIDERS = [
  { id: 7, title: 'Print Geek' },
  { id: 9, title: 'Monster Digital' },
];

export const VARIANTS: Record<number, VariantsResponse> = {
  7: {
    variants: [
      { id: 101, title: 'White / 2" x 3"', options: { color: 'White', size: '2" x 3"' } },
      { id: 102, title: 'Black / 2" x 3"', options: { color: 'Black', size: '2" x 3"' } },
    ],
  },
  9: { variants: [{ id: 201, title: 'Clear / One size', options: { color: 'Clear' } }] },
};

/** US and Canada for every variant; the rest of the world except variant 102. */
export const SHIPPING: ShippingResponse = {
  profiles: [
    {
      variant_ids: [101, 102, 201],
      countries: ['US', 'CA'],
      first_item: { cost: 450, currency: 'USD' },
      additional_items: { cost: 125, currency: 'USD' },
    },
    {
      variant_ids: [101, 201],
      countries: ['REST_OF_THE_WORLD'],
      first_item: { cost: 1200, currency: 'USD' },
      additional_items: { cost: 600, currency: 'USD' },
    },
  ],
};

export const COUNTRIES: Country[] = [
  { code: 'CA', name: 'Canada' },
  { code: 'US', name: 'United States' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'IN', name: 'India' },
  { code: 'DE', name: 'Germany' },
];

export function aCartItem(overrides: Partial<CartItem> = {}): CartItem {
  return {
    id: '0b3e6c56-34a4-4c62-9d0a-4a8f8d3c2b11',
    medicalRecordId: '6f1c2f0e-8a4b-4c39-9d63-0f1e2d3c4b5a',
    blueprintId: 1308,
    variantId: 102,
    printProviderId: 7,
    productTitle: 'Luggage Tag',
    variantLabel: 'Black / 2" x 3"',
    quantity: 2,
    unitPrice: 1224,
    shippingFirst: 450,
    shippingAdditional: 125,
    discount: 0,
    itemTotal: 1224 * 2 + 575,
    countryCode: 'US',
    shippingAddressLine1: '1 Main St',
    shippingAddressLine2: 'Apt 4',
    shippingCity: 'Springfield',
    shippingState: 'IL',
    shippingPostalCode: '62701',
    mockupUrl: PRINTIFY_IMAGE('mockup-cart'),
    qrScale: '0.7',
    printifyProductId: 'prod_cart_1',
    version: 1,
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: '9d2f4b1a-7c3e-4e5f-8a9b-1c2d3e4f5a6b',
    productTitle: 'Luggage Tag',
    variantLabel: 'White / 2" x 3"',
    quantity: 1,
    totalPrice: 1674,
    createdAt: '2026-03-02T09:30:00.000Z',
    status: 'paid',
    printifyStatus: 'on-hold',
    trackingNumber: null,
    trackingUrl: null,
    mockupUrl: PRINTIFY_IMAGE('mockup-order'),
    tags: [{ itemIndex: 0, url: 'https://medicalqr.example/t/Xy12Ab34Cd', tokenPrefix: 'Xy12Ab34', revokedAt: null }],
    ...overrides,
  };
}

/** The catalog for one product (1308), its two providers, their variants and shipping, the countries and maps key. */
export function catalogRoutes(blueprint: Blueprint = aBlueprint()): Record<string, StubHandler> {
  const base = `/api/printify/blueprints/${blueprint.id}`;
  return {
    'GET /api/printify/blueprints': { body: [blueprint] },
    [`GET ${base}`]: { body: blueprint },
    [`GET ${base}/print-providers`]: { body: PROVIDERS },
    [`GET ${base}/print-providers/7/variants`]: { body: VARIANTS[7] },
    [`GET ${base}/print-providers/9/variants`]: { body: VARIANTS[9] },
    [`GET ${base}/print-providers/7/shipping`]: { body: SHIPPING },
    [`GET ${base}/print-providers/9/shipping`]: { body: SHIPPING },
    'GET /api/countries': { body: COUNTRIES },
    'GET /api/config/google-maps-key': { body: { apiKey: null } },
    'POST /api/printify/cleanup-mockups': { body: { removed: 1 } },
  };
}
