import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { randomClientIp } from './http-client.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SCREENSHOT_DIR = `${ROOT}reports/screenshots`;

/** Debian's Chromium, headless, with nothing that reaches outside this machine; `extraArgs` e.g. for a fake camera. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions (CSP violations show up here too). */
  errors: string[];
}

export async function openPage(
  browser: Browser,
  options: {
    viewport?: { width: number; height: number };
    colorScheme?: 'light' | 'dark';
    /**
     * Each page is its own visitor to the rate limits (an X-Forwarded-For header on every request: the test system
     * trusts one proxy hop). Off for pages that call another site, such as the Stripe stand-in, which would refuse
     * a header no real browser sends.
     */
    ownAddress?: boolean;
  } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    colorScheme: options.colorScheme ?? 'light',
    hasTouch: (options.viewport ?? DESKTOP).width < 500,
    extraHTTPHeaders: options.ownAddress === false ? {} : { 'x-forwarded-for': randomClientIp() },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    // A signed-out visitor's "who am I?" answers 401 by design; Chromium logs every 4xx load.
    const expectedSignedOut = /status of 401/.test(message.text()) && message.location().url.endsWith('/api/auth/user');
    // A path no screen serves answers 404 with the not-found page, by design: the page's own load, not a resource.
    const expectedNotFound = /status of 404/.test(message.text()) && message.location().url === page.url();
    if (message.type() === 'error' && !expectedSignedOut && !expectedNotFound) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * With SCREENSHOTS=1, saves a full-page screenshot under reports/screenshots for people to look at. No test compares
 * them, so a plain run skips the capture (the slowest part) but still settles the page the same way, so what a test
 * checks next sees the same page either way.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  // From the top: sticky parts (the header, side panels) would otherwise be drawn mid-page.
  if (fullPage) await page.evaluate('window.scrollTo(0, 0)');
  // Colours fade on a scheme change: the picture is of the page once its transitions (not its spinners) are over.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  if (process.env.SCREENSHOTS !== '1') return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage });
}

/** Gives a browser context the session of a client signed in over HTTP (the same account, no sign-in form). */
export async function useSession(context: BrowserContext, cookies: Map<string, string>) {
  const { hostname } = new URL(process.env.E2E_BASE_URL ?? 'http://localhost');
  await context.addCookies([...cookies].map(([name, value]) => ({ name, value, domain: hostname, path: '/' })));
}

/** Shows the page at another size and colour scheme, from a fresh load (the theme follows the system's). */
export async function showIn(page: Page, viewport: { width: number; height: number }, scheme: 'light' | 'dark') {
  await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate(() => localStorage.removeItem('theme'));
  await page.reload();
}
