import type { Browser, ConsoleMessage } from 'playwright-core';
import { medicalForm } from '../records/records-fixtures.js';
import { baseUrl } from '../support/api.js';
import { DESKTOP, launchBrowser, PHONE } from '../support/browser.js';
import { HttpClient } from '../support/http-client.js';

/** Layout shift a page may cause while it loads and settles (Core Web Vitals' "good" is under 0.1). */
const GOOD_CLS = 0.1;

/** Sums the page's layout shifts not caused by input, from the first paint on (the CLS of the visit). */
const WATCH_LAYOUT_SHIFTS = `
  window.__layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__layoutShift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

/**
 * A first visit, as a person who has never signed in makes it: every page a signed-out visitor can open, on a phone
 * and a desktop. Nothing may be logged as an error in the console (not even the "who is signed in?" question, which a
 * browser without a session never asks), and nothing may jump as the page settles.
 */
describe('a first visit, signed out', () => {
  let browser: Browser;
  let cardPath: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    const card = await new HttpClient().post('/api/anonymous-medical-record', medicalForm());
    cardPath = `/emergency/${card.body.token}`;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("checks the home page's form without a console error (no script evaluation the page's policy refuses)", async () => {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(baseUrl());
      await page.getByRole('button', { name: 'Generate QR Code' }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  const PAGES = [
    '/',
    '/?login=true',
    '/pricing',
    '/qrmerchshop',
    '/terms',
    '/contact-us',
    '/demo-privacy',
    '/expired',
    'card',
    '/emergency/AAAAAAAAAAAAAAAAAAAAAA',
    '/no/such/page',
  ];

  describe.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('on a %s', (_name, viewport) => {
    it.each(PAGES)('%s logs no console error and shifts less than 0.1', async (path) => {
      const context = await browser.newContext({ viewport, hasTouch: viewport.width < 500 });
      try {
        const page = await context.newPage();
        await page.addInitScript(WATCH_LAYOUT_SHIFTS);
        const errors: string[] = [];
        const unexpected = (message: ConsoleMessage) => {
          // The unknown path's own 404 is the not-found page's answer, by design, not a failed resource.
          const ownNotFound = /status of 404/.test(message.text()) && message.location().url === page.url();
          if (message.type() === 'error' && !ownNotFound) errors.push(`${message.text()} (${message.location().url})`);
        };
        page.on('console', unexpected);
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(`${baseUrl()}${path === 'card' ? cardPath : path}`, { waitUntil: 'load' });
        await page.locator('h1, [role="dialog"] h2').first().waitFor();
        // Late arrivals (fonts, images, the footer under a late list) shift after load if they are going to: the
        // network falls quiet once they have all come, and the fonts are laid out.
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        const shift = await page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift);
        expect({ errors, shift: shift < GOOD_CLS ? 'under 0.1' : shift }).toEqual({ errors: [], shift: 'under 0.1' });
      } finally {
        await context.close();
      }
    });
  });
});
