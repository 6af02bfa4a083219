import type { Browser, Page } from 'playwright-core';
import { baseUrl } from '../support/api.js';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot, showIn, useSession } from '../support/browser.js';
import { addToCart, Keychain, shopperClient } from '../shop/shop-fixtures.js';

const WHERE = '12 Harbour Street, Portland, OR 97201, United States';

/** The screen at phone and desktop widths, light and dark (reports/screenshots/shipping-address-*.png). */
async function photograph(page: Page, name: string, ready: (page: Page) => Promise<unknown>) {
  for (const [width, viewport] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await showIn(page, viewport, scheme);
      await ready(page);
      await screenshot(page, `shipping-address-${name}-${width}-${scheme}`);
    }
  }
  await showIn(page, DESKTOP, 'light');
  await ready(page);
}

/**
 * Where a person shipped their last item is kept (sealed) and fills in the next one: the customizer opens with that
 * country and address, says where they came from, and the cart says where its lines ship instead of asking.
 */
describe('the last shipping address in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('fills in the next item, and the cart says where everything ships', async () => {
    const { client } = await shopperClient('shipping-address');
    await addToCart(client, { quantity: 2 });
    const { page, errors, context } = await openPage(browser, { viewport: DESKTOP });
    await useSession(context, client.cookies);

    await page.goto(`${baseUrl()}/cart`);
    const summary = page.getByText(`2 items. All ship to ${WHERE}.`);
    await photograph(page, 'cart', () => summary.waitFor());

    await page.goto(`${baseUrl()}/customize/${Keychain.blueprintId}`);
    const note = page.getByText('Filled in with the address you last shipped to.', { exact: false });
    await photograph(page, 'customizer', () => note.waitFor());
    expect(await page.getByLabel('Country', { exact: true }).inputValue()).toBe('US');
    expect(await page.getByLabel('Address line 1').inputValue()).toBe('12 Harbour Street');
    expect(await page.getByLabel('City').inputValue()).toBe('Portland');
    expect(await page.getByLabel('State / Province').inputValue()).toBe('OR');
    expect(await page.getByLabel('Postal code').inputValue()).toBe('97201');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
