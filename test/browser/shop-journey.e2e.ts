import type { CartItem } from '@medical-qr/contracts';
import type { Browser, Page } from 'playwright-core';
import { api, baseUrl } from '../support/api.js';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot, showIn, useSession } from '../support/browser.js';
import { TestCards } from '../support/stripe-payments.js';
import { medicalForm } from '../records/records-fixtures.js';
import { Keychain, shopperClient } from '../shop/shop-fixtures.js';

/**
 * The shop in a real browser against the whole system, Printify's and Stripe's stand-ins behind it: a member with
 * an active code finds the keychain, sees their code on it, ships it, edits the cart line, pays with the card form,
 * follows the order to its shipment and revokes one printed tag. Every shop screen is photographed at phone and
 * desktop widths, light and dark (reports/screenshots/shop-*.png).
 */

/** Blueprint 1090 as the Printify stand-in's catalog names it. */
const KEYCHAIN = 'Acrylic Keychain';
const MOCKUP = `Mockup of your QR code on the ${KEYCHAIN}`;

/** Types a card into the stand-in's form, as a person would, and pays. */
async function payWithCard(page: Page, cardNumber: string) {
  const number = page.getByLabel('Card number');
  await number.waitFor();
  await number.pressSequentially(cardNumber);
  await page.getByLabel('Expiry').pressSequentially('1234');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$\d+\.\d\d$/ }).click();
}

/** The same screen at both widths and in both schemes, each from a fresh load, then back to desktop light. */
async function photograph(page: Page, name: string, ready: (page: Page) => Promise<unknown>) {
  for (const [width, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await showIn(page, viewport, scheme);
      await ready(page);
      await screenshot(page, `shop-${name}-${width}-${scheme}`);
    }
  }
  await showIn(page, DESKTOP, 'light');
  await ready(page);
}

/** Nothing sticks out sideways: a phone never scrolls a screen horizontally. */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe('the shop in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('finds the keychain, previews the code on it, edits the cart line, pays, follows the order and revokes a tag', async () => {
    const { client } = await shopperClient('shop-journey');
    // The checkout page calls the Stripe stand-in from the browser: no made-up client address (see openPage).
    const { page, errors, context } = await openPage(browser, { viewport: DESKTOP, ownAddress: false });
    await useSession(context, client.cookies);

    // Browse: the whole shop, then one category, then a search, each kept in the address.
    await page.goto(`${baseUrl()}/qrmerchshop`);
    const products = page.getByRole('link', { name: 'Customize & Order' });
    await page
      .getByRole('status')
      .filter({ hasText: /^\d+ products?$/ })
      .waitFor();
    const everything = await products.count();
    expect(everything).toBeGreaterThan(4);
    await photograph(page, 'catalog', () => products.first().waitFor());

    const categories = page.getByRole('group', { name: 'Category' });
    await categories.getByRole('button', { name: 'Pet tags' }).click();
    await page.waitForURL(/category=pets/);
    const petTags = await products.count();
    expect(petTags).toBeGreaterThan(0);
    expect(petTags).toBeLessThan(everything);
    await categories.getByRole('button', { name: 'All products' }).click();
    await page.getByLabel('Search products').fill('keychain');
    await page.waitForURL(/search=keychain/);
    await page.getByRole('heading', { level: 2, name: KEYCHAIN, exact: true }).waitFor();
    const found = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(found).toContain(KEYCHAIN);
    expect(found.every((title) => /keychain/i.test(title))).toBe(true);
    await page.getByLabel('Search products').fill('nothing sells like this');
    await page.getByText('No products found matching your search', { exact: true }).waitFor();
    await page.getByLabel('Search products').fill('keychain');

    // Customize: the code on the keychain, the country and the address, then the price and Add to Cart.
    await page
      .getByRole('article', { name: KEYCHAIN, exact: true })
      .getByRole('link', { name: 'Customize & Order' })
      .click();
    await page.waitForURL(`${baseUrl()}/customize/${Keychain.blueprintId}`);
    await page.getByRole('img', { name: MOCKUP }).first().waitFor({ timeout: 20_000 });
    const addToCart = page.getByRole('button', { name: 'Add to Cart' });
    expect(await addToCart.isDisabled()).toBe(true);
    const preview = page.getByRole('img', { name: MOCKUP }).first();
    const previewOf = () => preview.getAttribute('src');
    const firstPreview = await previewOf();

    // A bigger code: the slider by keyboard, the preview remade once it rests.
    const slider = page.getByLabel('QR code size');
    await slider.focus();
    for (let step = 0; step < 10; step++) await slider.press('ArrowRight');
    expect(await slider.inputValue()).toBe('0.6');
    await page.getByText('Updating your preview…').waitFor();
    await page.getByText('Updating your preview…').waitFor({ state: 'hidden', timeout: 20_000 });
    const biggerPreview = await previewOf();
    expect(biggerPreview).not.toBe(firstPreview);

    // Another variant is previewed at once.
    const variant = page.getByLabel('Variant');
    const variants = await variant.locator('option').allTextContents();
    expect(variants.length).toBeGreaterThan(1);
    await variant.selectOption({ label: variants[1]! });
    await page.waitForFunction(
      ([name, before]) => document.querySelector(`img[alt="${name}"]`)?.getAttribute('src') !== before,
      [MOCKUP, biggerPreview] as const,
    );
    await page.getByLabel('Quantity').selectOption('2');
    await page.getByLabel('Search countries').fill('united states');
    await page.getByLabel('Country', { exact: true }).selectOption('US');
    await page.getByLabel('Address line 1').fill('12 Harbour Street');
    await page.getByLabel('City').fill('Portland');
    await page.getByLabel('State / Province').fill('OR');
    await page.getByLabel('Postal code').fill('97201');
    await page.getByText('Item total', { exact: true }).waitFor();
    expect(await addToCart.isEnabled()).toBe(true);
    await addToCart.click();

    // The cart: one line of two keychains, shipped to Portland.
    await page.waitForURL(`${baseUrl()}/cart`);
    await page.getByRole('heading', { level: 1, name: 'Your Cart' }).waitFor();
    const line = page.getByRole('article', { name: KEYCHAIN, exact: true });
    await line.getByText(variants[1]!, { exact: true }).waitFor();
    await line.getByText('Portland, OR 97201', { exact: false }).waitFor();
    expect(await line.getByLabel('Quantity').inputValue()).toBe('2');
    const cart = (await client.get('/api/cart')).body as CartItem[];
    expect(cart.map((item) => [item.quantity, item.variantLabel, item.qrScale])).toEqual([[2, variants[1], '0.60']]);
    await photograph(page, 'cart', (shown) => shown.getByRole('button', { name: 'Proceed to Checkout' }).waitFor());

    // Edit the line: its choices come back, and Update Cart replaces it.
    await page.getByRole('button', { name: `Edit ${KEYCHAIN}` }).click();
    await page.waitForURL(/\/customize\/1090\?cartItemId=/);
    expect(await page.getByLabel('Quantity').inputValue()).toBe('2');
    expect(await page.getByLabel('City').inputValue()).toBe('Portland');
    await page.getByLabel('Quantity').selectOption('3');
    await photograph(page, 'customize', (shown) => shown.getByRole('img', { name: MOCKUP }).first().waitFor());
    await page.getByLabel('Quantity').selectOption('3');
    await page.getByRole('button', { name: 'Update Cart' }).click();
    await page.waitForURL(`${baseUrl()}/cart`);
    await page.getByRole('heading', { level: 1, name: 'Your Cart' }).waitFor();
    expect(await line.getByLabel('Quantity').inputValue()).toBe('3');
    const updated = (await client.get('/api/cart')).body as Array<{ quantity: number }>;
    expect(updated.map((item) => item.quantity)).toEqual([3]);

    // Checkout: the card form pays the total the cart shows, the orders come, the cart is empty.
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(`${baseUrl()}/checkout`);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByLabel('Card number').waitFor();
    await screenshot(page, 'shop-checkout-desktop-light');
    await payWithCard(page, TestCards.succeeds);
    await page.getByText('Order Placed!', { exact: true }).waitFor({ timeout: 20_000 });
    await page.waitForURL(`${baseUrl()}/my-orders`);

    // The order is made from the payment's webhook: it appears once the server says so (cart_cleared), no reload.
    const order = page.getByRole('article').filter({ hasText: KEYCHAIN });
    await order.waitFor();
    expect((await client.get('/api/cart')).body).toEqual([]);
    // The header's cart empties with it (desktop width: the cart link is in the header itself).
    await page.locator('header').getByRole('link', { name: 'Cart', exact: true }).waitFor();

    // My Orders: the order moves to a shipment; Sync Status asks Printify now.
    const trackingLink = order.getByRole('link', { name: /^[A-Z0-9]+$/ });
    for (let tries = 0; (await trackingLink.count()) === 0; tries++) {
      expect(tries).toBeLessThan(30);
      await order.getByRole('button', { name: 'Sync Status' }).click();
      await order.getByRole('button', { name: 'Sync Status' }).waitFor();
      await page.waitForTimeout(1000);
    }
    expect(await trackingLink.getAttribute('href')).toMatch(/^https?:\/\//);
    expect(await order.getByRole('link', { name: /\/emergency\// }).count()).toBe(3);
    await photograph(page, 'my-orders', (shown) => shown.getByRole('button', { name: 'Sync Status' }).waitFor());

    // A printed tag opens the card, and still does once the code is replaced: it follows the owner's record.
    const tagLinks = await order.getByRole('link', { name: /\/emergency\// }).allTextContents();
    const responder = await context.newPage();
    await responder.goto(tagLinks[0]!);
    await responder.getByText('Penicillin anaphylaxis; latex').waitFor();
    const replaced = await client.post('/api/medical-records', medicalForm({ allergies: 'Bee stings' }));
    expect(replaced.status).toBe(200);
    await responder.reload();
    // "Bee stings" names a listed term: the card shows it by the term's name.
    await responder.getByText('Bee venom').waitFor();

    // Revoke one printed tag: asked first, then that tag stops opening the card and the others still do.
    await order.getByRole('button', { name: 'Revoke Tag of item 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this printed tag?' });
    await dialog.waitFor();
    // The dialog fades and pops in: photographed once it stands still.
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    await screenshot(page, 'shop-revoke-tag-dialog-desktop-light', { fullPage: false });
    await dialog.getByRole('button', { name: 'Revoke Tag' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await order.getByText('Revoked', { exact: true }).waitFor();
    expect(await order.getByRole('button', { name: 'Revoke Tag of item 1' }).count()).toBe(0);
    const cardOf = async (url: string) =>
      (await api(`/api/emergency-card/${new URL(url).pathname.split('/').pop()}`)).status;
    expect(await Promise.all(tagLinks.map(cardOf))).toEqual([404, 200, 200]);
    const lost = await responder.goto(tagLinks[0]!);
    expect(lost?.status()).toBe(404);
    expect(await responder.getByText('Bee venom').count()).toBe(0);
    await responder.close();

    for (const viewport of [PHONE, DESKTOP]) {
      await showIn(page, viewport, 'light');
      await page.getByRole('heading', { level: 1, name: 'My Orders' }).waitFor();
      expect(await sidewaysOverflow(page)).toBe(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
