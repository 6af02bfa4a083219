import type { Browser, Page } from 'playwright-core';
import { baseUrl } from '../support/api.js';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot, showIn, useSession } from '../support/browser.js';
import { addToCart, shopperClient } from '../shop/shop-fixtures.js';

const PRINTED_NOTE =
  'A printed item shows your medical card only while you have an active code. Free codes expire; premium codes never do.';

/** The screen at both widths and in both schemes (reports/screenshots/shop-<name>-<width>-<scheme>.png). */
async function photograph(page: Page, name: string, ready: () => Promise<unknown>) {
  for (const [width, viewport] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await showIn(page, viewport, scheme);
      await ready();
      await screenshot(page, `shop-${name}-${width}-${scheme}`);
    }
  }
}

/**
 * The shop's first screen: while its code and products load it shows the page it will be with eight placeholder
 * cards (SPEC section 2), not a spinner; the pictures of the first row load at once (the first before anything
 * else), the rest as they are scrolled to; and the shop and the cart say what a printed item shows, and for how long.
 */
describe('the shop catalog in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows eight placeholder cards while the shop loads, not a spinner', async () => {
    const { page, errors, context } = await openPage(browser, { viewport: PHONE });
    // The shop's own code and its products arrive late, as on a slow phone line.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/shop-[A-Za-z0-9_-]{8}\.js$|\/api\/printify\/blueprints$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl()}/qrmerchshop`);
    await page.getByRole('heading', { level: 1, name: 'QR Merchandise Shop' }).waitFor();
    expect(await page.locator('[data-placeholder="product-card"]').count()).toBe(8);
    const loading = page.getByRole('status').filter({ hasText: 'Loading products…' });
    await loading.waitFor();
    await photograph(page, 'catalog-loading', () => loading.waitFor());
    release();
    await page.getByRole('link', { name: 'Customize & Order' }).first().waitFor();
    expect(await page.locator('[data-placeholder="product-card"]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads the first row of pictures at once, the first one first, and the rest lazily', async () => {
    const { page, errors, context } = await openPage(browser, { viewport: DESKTOP });
    await page.goto(`${baseUrl()}/qrmerchshop`);
    await page.getByRole('link', { name: 'Customize & Order' }).first().waitFor();
    const pictures = await page
      .getByRole('article')
      .locator('img')
      .evaluateAll((images) =>
        images.map((image) => [image.getAttribute('loading'), image.getAttribute('fetchpriority')]),
      );
    expect(pictures.length).toBeGreaterThan(4);
    expect(pictures.slice(0, 4)).toEqual([
      ['eager', 'high'],
      ['eager', 'auto'],
      ['eager', 'auto'],
      ['eager', 'auto'],
    ]);
    expect(pictures.slice(4).every(([loading]) => loading === 'lazy')).toBe(true);
    await page.getByText(PRINTED_NOTE, { exact: true }).waitFor();
    await photograph(page, 'catalog', () => page.getByRole('link', { name: 'Customize & Order' }).first().waitFor());
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says on the cart that a printed item needs an active code, and that premium codes never expire', async () => {
    const { client } = await shopperClient('cart-note');
    await addToCart(client);
    const { page, errors, context } = await openPage(browser, { viewport: PHONE });
    await useSession(context, client.cookies);
    await page.goto(`${baseUrl()}/cart`);
    await page.getByRole('button', { name: 'Proceed to Checkout' }).waitFor();
    await page.getByText(PRINTED_NOTE, { exact: true }).waitFor();
    await photograph(page, 'cart', () => page.getByText(PRINTED_NOTE, { exact: true }).waitFor());
    expect(errors).toEqual([]);
    await context.close();
  });
});
