import type { CartItem, CheckoutResponse, MockupResponse, Order, StripeKeyResponse } from '@medical-qr/contracts';
import { signedInClient } from '../support/accounts.js';
import { eventually } from '../support/eventually.js';
import type { HttpClient } from '../support/http-client.js';
import { confirmCardPayment, TestCards } from '../support/stripe-payments.js';
import { medicalForm } from '../records/records-fixtures.js';
import { printifyAdmin } from '../faults/provider-faults.js';

/** The stand-in's keychain: one of its providers and a variant it has in stock, shipping to US and CA. */
export const Keychain = { blueprintId: 1090, title: 'Keychain' } as const;

/** A signed-in member with an active code (ordering needs one). */
export async function shopperClient(label = 'shopper'): Promise<{ client: HttpClient; email: string; token: string }> {
  const { client, email } = await signedInClient(label);
  const created = await client.post('/api/medical-records', medicalForm({ email }));
  if (created.status !== 200) throw new Error(`record not created: ${created.status} ${created.body?.message}`);
  return { client, email, token: created.body.token as string };
}

/** The first provider of a blueprint and its first in-stock variant, as the customizer picks them. */
export async function firstChoice(client: HttpClient, blueprintId: number) {
  const providers = await client.get(`/api/printify/blueprints/${blueprintId}/print-providers`);
  if (providers.status !== 200) throw new Error(`providers answered ${providers.status}`);
  const printProviderId = providers.body[0].id as number;
  const variants = await client.get(
    `/api/printify/blueprints/${blueprintId}/print-providers/${printProviderId}/variants`,
  );
  return { blueprintId, printProviderId, variantId: variants.body.variants[0].id as number };
}

export function address(countryCode = 'US') {
  return {
    countryCode,
    shippingAddressLine1: '12 Harbour Street',
    shippingAddressLine2: '',
    shippingCity: 'Portland',
    shippingState: 'OR',
    shippingPostalCode: '97201',
  };
}

/** What the customizer sends on Add to Cart: a tagged mockup, then the line. */
export async function cartLine(
  client: HttpClient,
  options: { blueprintId?: number; quantity?: number; countryCode?: string; scale?: number } = {},
) {
  const choice = await firstChoice(client, options.blueprintId ?? Keychain.blueprintId);
  const scale = options.scale ?? 0.5;
  const mockup = await client.post('/api/printify/generate-mockup-with-tag', { ...choice, scale, tag: 'in_cart' });
  if (mockup.status !== 200) throw new Error(`mockup answered ${mockup.status}: ${JSON.stringify(mockup.body)}`);
  return {
    mockup: mockup.body as MockupResponse & { productId: string },
    item: {
      ...choice,
      quantity: options.quantity ?? 1,
      ...address(options.countryCode),
      qrScale: String(scale),
      printifyProductId: mockup.body.productId as string,
      productTitle: 'Keychain',
      variantLabel: 'x',
      mockupUrl: mockup.body.mockupUrls[0] as string,
    },
  };
}

export async function addToCart(client: HttpClient, options: Parameters<typeof cartLine>[1] = {}): Promise<CartItem> {
  const { item } = await cartLine(client, options);
  const added = await client.post('/api/cart/add', item);
  if (added.status !== 200) throw new Error(`add answered ${added.status}: ${JSON.stringify(added.body)}`);
  return added.body as CartItem;
}

/** Pays a checkout's client secret with a card, as the checkout page's card form does. */
export async function payWith(client: HttpClient, checkout: CheckoutResponse, card: string = TestCards.succeeds) {
  const key = (await client.get('/api/config/stripe-key')).body as StripeKeyResponse;
  return confirmCardPayment(key, checkout.clientSecret, card, 'http://127.0.0.1/checkout/success');
}

export const ordersOf = async (client: HttpClient): Promise<Order[]> => (await client.get('/api/orders/user')).body;

/** Waits until the payment's webhook has made the orders (and they have been sent to Printify). */
export function waitForOrders(client: HttpClient, count: number, sent = true, timeoutMs = 30_000) {
  return eventually(
    () => ordersOf(client),
    (orders) => orders.length >= count && (!sent || orders.every((order) => order.status !== 'paid')),
    timeoutMs,
  );
}

/** The shared system's Printify stand-in as the shop's owner sees it in Printify's dashboard. */
export function sharedPrintifyAdmin() {
  const env = {
    PRINTIFY_API_URL: process.env.E2E_PRINTIFY_API_URL,
    PRINTIFY_API_TOKEN: process.env.E2E_PRINTIFY_API_TOKEN,
    PRINTIFY_SHOP_ID: process.env.E2E_PRINTIFY_SHOP_ID,
  };
  return printifyAdmin({ env: env as Record<string, string> });
}
