import type { Browser } from 'playwright-core';
import { baseUrl } from '../support/api.js';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot } from '../support/browser.js';

describe('the app shell in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the header and the hero on the home page, with no back button and no console errors', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto(baseUrl());
    await page.getByRole('heading', { name: 'Your Digital Medical Emergency Card' }).waitFor();
    await expect(page.getByText('Emergency Quick Response (QR)').first().isVisible()).resolves.toBe(true);
    expect(await page.getByRole('button', { name: 'Back' }).count()).toBe(0);
    expect(
      await page
        .getByRole('link', { name: /login/i })
        .or(page.getByRole('button', { name: /login/i }))
        .count(),
    ).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('toggles the theme, applies it as a dark class, and keeps it after a reload', async () => {
    const { page, errors, context } = await openPage(browser, { colorScheme: 'light' });
    await page.goto(baseUrl());
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    expect(await isDark()).toBe(false);
    await page.getByRole('button', { name: 'Toggle theme' }).first().click();
    expect(await isDark()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    expect(await isDark()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the not-found page for unknown paths, with a back button and a way home', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto(`${baseUrl()}/this/page/is/missing`);
    await page.getByText("The page you're looking for doesn't exist or has been moved.").waitFor();
    expect(await page.getByRole('button', { name: 'Back' }).count()).toBe(1);
    await page
      .getByRole('link', { name: 'Go to Home' })
      .or(page.getByRole('button', { name: 'Go to Home' }))
      .click();
    await page.getByRole('heading', { name: 'Your Digital Medical Emergency Card' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the mobile menu on a phone, lists the signed-out entries, and closes it on a choice', async () => {
    const { page, errors, context } = await openPage(browser, { viewport: PHONE });
    await page.goto(baseUrl());
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await menu.waitFor();
    for (const entry of ['Dark Mode', 'QR Scanner', 'QR Merch Shop', 'Login']) {
      expect(await menu.getByText(entry, { exact: true }).count()).toBeGreaterThan(0);
    }
    for (const entry of ['My Orders', 'My Account', 'Logout']) {
      expect(await menu.getByText(entry, { exact: true }).count()).toBe(0);
    }
    await screenshot(page, 'mobile-menu-phone-light', { fullPage: false });
    await menu.getByText('Dark Mode', { exact: true }).click();
    await menu.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('renders home and not-found at phone and desktop widths, light and dark, without horizontal scrolling', async () => {
    for (const [width, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const { page, errors, context } = await openPage(browser, { viewport, colorScheme: scheme });
        for (const [name, path] of [
          ['home', '/'],
          ['not-found', '/nope'],
        ]) {
          await page.goto(`${baseUrl()}${path}`);
          await page.getByRole('banner').waitFor();
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect({ page: name, width, scheme, overflow }).toEqual({ page: name, width, scheme, overflow: 0 });
          await screenshot(page, `${name}-${width}-${scheme}`);
        }
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });
});
