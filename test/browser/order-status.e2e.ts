import type { Browser } from 'playwright-core';
import { baseUrl } from '../support/api.js';
import { launchBrowser, openPage, PHONE, useSession } from '../support/browser.js';
import { cartLine, ordersOf, payWith, sharedPrintifyAdmin, shopperClient } from '../shop/shop-fixtures.js';

const WATCH_MS = 30_000;
const STATUSES = ['Paid', 'Processing', 'Shipped', 'Delivered'];

/**
 * Right after paying, My Orders is opened and reloaded again and again for 30 s, as an impatient buyer does: every
 * load syncs the order with Printify, and none of them may send it a second time. The badge follows Printify's
 * status (Paid, Processing, Shipped, then Delivered) and never reads "Failed".
 */
describe('My Orders right after paying', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('never shows "Failed" while reloaded for 30 s, and the order ships', async () => {
    const { client } = await shopperClient('orders-reloaded');
    const { item } = await cartLine(client, { quantity: 2 });
    const checkout = await client.post('/api/cart/quick-checkout', { item });
    expect(checkout.status).toBe(200);
    const { page, errors, context } = await openPage(browser, { viewport: PHONE });
    await useSession(context, client.cookies);
    expect((await payWith(client, checkout.body)).status).toBe(200);

    await page.goto(`${baseUrl()}/my-orders`);
    const order = page.getByRole('article').filter({ hasText: 'Acrylic Keychain' });
    const badges: string[] = [];
    for (const ends = Date.now() + WATCH_MS; Date.now() < ends;) {
      await order.waitFor({ timeout: 20_000 });
      // The load's own sync has had a moment to answer.
      await page.waitForTimeout(300);
      const text = await order.innerText();
      badges.push(
        text.includes('Failed')
          ? 'Failed'
          : (STATUSES.find((status) => new RegExp(`\\b${status}\\b`).test(text)) ?? '?'),
      );
      await page.reload();
    }
    expect(badges).not.toContain('Failed');
    // Statuses only move forward, and the order reached its shipment.
    const steps = badges.map((badge) => STATUSES.indexOf(badge));
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(['Shipped', 'Delivered']).toContain(badges.at(-1));
    await order.getByRole('link', { name: /^[A-Z0-9]+$/ }).waitFor();
    // Printify was asked once: one order for ours, one product per item.
    const [placed] = await ordersOf(client);
    const printify = sharedPrintifyAdmin();
    expect(await printify.ordersFor(placed!.id)).toHaveLength(1);
    expect(await printify.productsFor(placed!.id)).toHaveLength(2);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
