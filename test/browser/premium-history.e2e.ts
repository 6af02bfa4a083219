import type { Browser } from 'playwright-core';
import { premiumClient } from '../billing/billing-fixtures.js';
import { medicalForm } from '../records/records-fixtures.js';
import { signedInClient } from '../support/accounts.js';
import { baseUrl } from '../support/api.js';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot, showIn, useSession } from '../support/browser.js';
import { sharedPaymentSystem } from '../support/stripe-payments.js';

/**
 * Premium history in Chromium: a premium member's 12 codes searched and paged; a free member's upgrade prompt.
 * Screenshots: reports/screenshots/premium-history-*.png at phone and desktop, light and dark.
 */
describe('premium history in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('searches and pages a premium member’s codes, 3 a row on a desktop and 1 on a phone', async () => {
    const { client } = await premiumClient(sharedPaymentSystem(), 'premium-history-browser');
    for (let index = 0; index < 12; index += 1) {
      const allergies = index % 4 === 0 ? `Peanuts, tree nuts (${index})` : `Latex (${index})`;
      expect((await client.post('/api/medical-records', medicalForm({ allergies }))).status).toBe(200);
    }
    const { page, errors, context } = await openPage(browser, { viewport: DESKTOP, ownAddress: false });
    await useSession(context, client.cookies);
    await page.goto(`${baseUrl()}/premium/history`);
    await page.getByText('12 codes', { exact: true }).waitFor();
    expect(await page.getByRole('article').count()).toBe(10);

    // Three cards side by side on a desktop, one above the other on a phone.
    const tops = async () =>
      page
        .getByRole('article')
        .evaluateAll((cards) => cards.slice(0, 3).map((card) => card.getBoundingClientRect().top));
    expect(new Set(await tops()).size).toBe(1);
    for (const viewport of [PHONE, DESKTOP]) {
      for (const scheme of ['light', 'dark'] as const) {
        await showIn(page, viewport, scheme);
        await page.getByText('12 codes', { exact: true }).waitFor();
        await screenshot(page, `premium-history-${viewport.width}-${scheme}`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect({ viewport: viewport.width, overflow }).toEqual({ viewport: viewport.width, overflow: 0 });
        if (viewport === PHONE) expect(new Set(await tops()).size).toBe(3);
      }
    }

    await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/page=2/);
    await page.getByRole('button', { name: 'Page 2' }).and(page.locator('[aria-current="page"]')).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('article').length === 2);

    await page.getByRole('searchbox', { name: 'Search by blood type, allergies or conditions' }).fill('PEANUT');
    await page.getByText('3 codes match "PEANUT".', { exact: true }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('article').length === 3);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    expect(await page.getByRole('navigation', { name: 'Pages' }).count()).toBe(0);
    await screenshot(page, 'premium-history-search-1280-dark');

    await page.getByRole('searchbox').fill('no such allergy');
    await page.getByText('No codes match "no such allergy".', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers a free member the upgrade instead', async () => {
    const { client } = await signedInClient('premium-history-free');
    const { page, errors, context } = await openPage(browser, { viewport: PHONE });
    await useSession(context, client.cookies);
    await page.goto(`${baseUrl()}/premium/history`);
    await page.getByRole('link', { name: 'Upgrade to Premium - $9.99/month' }).click();
    await page.waitForURL(`${baseUrl()}/subscribe`);
    for (const scheme of ['light', 'dark'] as const) {
      await page.goto(`${baseUrl()}/premium/history`);
      await showIn(page, PHONE, scheme);
      await page.getByRole('link', { name: 'Upgrade to Premium - $9.99/month' }).waitFor();
      await screenshot(page, `premium-history-upgrade-390-${scheme}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
