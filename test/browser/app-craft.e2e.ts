import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { medicalForm } from '../records/records-fixtures.js';
import { signedInClient } from '../support/accounts.js';
import { baseUrl } from '../support/api.js';
import {
  DESKTOP,
  launchBrowser,
  openPage,
  PHONE,
  SCREENSHOT_DIR,
  screenshot as saveScreenshot,
} from '../support/browser.js';
import { HttpClient, uniqueEmail, waitForMailLink } from '../support/http-client.js';
import { decodeQr, decodeQrWithZbar } from '../support/qr.js';

/**
 * The craft of the app around the card: a visitor's code survives a reload, the downloads are images a camera reads,
 * one message per error with toasts clear of the header and of a dialog's close button, focus that goes where a
 * keyboard user expects, button labels on one line at 390 and 1280 px, and the sign-in polish (prefilled address,
 * welcomes, "Signed out"). Screenshots land in reports/screenshots/craft-*.png.
 */

const WIDTHS = { phone: PHONE, desktop: DESKTOP } as const;
const THEMES = ['light', 'dark'] as const;
type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${String(locator)} is not on screen`);
  return found;
}

/** A screenshot once the dialogs and toasts have finished moving in. */
async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  // Enter animations only: a toast's countdown bar is a transition that runs all along.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSAnimation) || animation.playState !== 'running'),
  );
  await saveScreenshot(page, name, options);
}

async function signInWithCookies(context: BrowserContext, cookies: Map<string, string>) {
  const { hostname } = new URL(baseUrl());
  await context.addCookies([...cookies].map(([name, value]) => ({ name, value, domain: hostname, path: '/' })));
}

/** The visitor's form, with what it needs and one contact. */
async function fillVisitorForm(page: Page, email: string) {
  await page.getByLabel('First name').fill('Imogen');
  await page.getByLabel('Last name').fill('Vasquez');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Blood group').selectOption('AB-');
  if ((await page.getByLabel('Name', { exact: true }).count()) === 0) {
    await page.getByRole('button', { name: 'Add emergency contact' }).click();
  }
  await page.getByLabel('Name', { exact: true }).fill('Bart Quist');
  await page.getByLabel('Phone', { exact: true }).fill('+44 7700 900123');
  await page.getByRole('checkbox', { name: /I agree that Medical QR stores/ }).check();
}

async function download(page: Page, name: string, exact = false): Promise<{ file: string; png: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name, exact }).click()]);
  return { file: file.suggestedFilename(), png: readFileSync((await file.path())!) };
}

/**
 * Every visible button (and link styled as one) whose label runs onto a second line, or is cut off: its text's
 * height against its line height, and its content against its box.
 */
function wrappedLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>('button, [role="button"], [role="tab"], a.inline-flex');
    for (const control of controls) {
      const rect = control.getBoundingClientRect();
      const label = control.textContent?.trim() ?? '';
      if (rect.width === 0 || rect.height === 0 || label === '') continue;
      const style = getComputedStyle(control);
      const lineHeight =
        style.lineHeight === 'normal' ? parseFloat(style.fontSize) * 1.25 : parseFloat(style.lineHeight);
      // The text people see: words only for screen readers (.sr-only) sit in a clipped 1 px box, whose overflowing
      // text would count as a second line under fonts with tall line boxes.
      const rects: DOMRect[] = [];
      const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest('.sr-only')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        rects.push(...[...range.getClientRects()].filter((r) => r.width > 0));
      }
      const lines = new Set(rects.map((r) => Math.round(r.top)));
      const textHeight = rects.length
        ? Math.max(...rects.map((r) => r.bottom)) - Math.min(...rects.map((r) => r.top))
        : 0;
      const clipped = control.scrollWidth > control.clientWidth + 1;
      if (textHeight > lineHeight * 1.5 || lines.size > 3 || clipped)
        found.push(`"${label}" (${Math.round(rect.width)} px)`);
    }
    return found;
  });
}

/** Tabs through the page (or an open dialog) and lists the stops that show no focus indicator. */
async function stopsWithoutFocusRing(page: Page, stops: number): Promise<string[]> {
  const missing: string[] = [];
  for (let stop = 0; stop < stops; stop += 1) {
    await page.keyboard.press('Tab');
    const problem = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
      const ringed = style.boxShadow !== 'none';
      const name = element.getAttribute('aria-label') || element.textContent?.trim().slice(0, 40) || element.tagName;
      return outlined || ringed ? null : `${element.tagName.toLowerCase()} "${name}"`;
    });
    if (problem) missing.push(problem);
  }
  return missing;
}

describe('the app, crafted', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('brings a new code into view below the header with focus on it, downloads both images, and shows the code again after a reload', async () => {
    const { page, errors, context } = await openPage(browser, { viewport: PHONE });
    await page.goto(baseUrl());
    await fillVisitorForm(page, uniqueEmail('craft'));
    await page.getByRole('button', { name: 'Generate QR Code' }).click();

    const heading = page.getByRole('heading', { name: 'Your QR code is ready' });
    await heading.waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent?.includes('Your QR code is ready'));
    const header = await box(page.locator('header'));
    const qr = await box(page.getByAltText('QR code that opens your emergency card'));
    expect((await box(heading)).y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(qr.y + qr.height).toBeLessThanOrEqual(PHONE.height);
    expect(await wrappedLabels(page)).toEqual([]);

    const lockScreen = await download(page, 'Download for lock screen');
    expect(lockScreen.file).toBe('emergency-qr-lock-screen.png');
    const image = PNG.sync.read(lockScreen.png);
    expect([image.width, image.height]).toEqual([1080, 1920]);
    const link = decodeQr(lockScreen.png)!;
    expect(link).toMatch(new RegExp(`^${baseUrl()}/emergency/[A-Za-z0-9_-]{22}$`));
    expect(decodeQrWithZbar(lockScreen.png)).toBe(link);
    const png = await download(page, 'Download', true);
    expect(png.file).toBe('emergency-qr-code.png');
    expect(decodeQrWithZbar(png.png)).toBe(link);
    // For people to look at, beside the screenshots.
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    writeFileSync(`${SCREENSHOT_DIR}/craft-lock-screen-image.png`, lockScreen.png);

    await page.reload();
    await page.getByRole('heading', { name: 'Your QR code', exact: true }).waitFor();
    expect(await page.getByText(link, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByAltText('QR code that opens your emergency card').isVisible()).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByText(/Please login/).count()).toBe(0);
    expect(await page.title()).toBe('Your digital medical emergency card · Medical QR');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('brings the first code on the dashboard into view below the header, with focus on it', async () => {
    const { client, email } = await signedInClient('first-code');
    const { page, context, errors } = await openPage(browser, { viewport: PHONE });
    await signInWithCookies(context, client.cookies);
    await page.goto(baseUrl());
    await page.getByRole('button', { name: 'Create QR Code' }).waitFor();
    await fillVisitorForm(page, email);
    await page.getByRole('button', { name: 'Create QR Code' }).click();
    await page.getByAltText('QR code that opens your emergency card').waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Your current QR code');
    const header = await box(page.locator('header'));
    const heading = await box(page.getByRole('heading', { name: 'Your current QR code' }));
    expect(heading.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(heading.y).toBeLessThan(PHONE.height / 2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps every button label on one line: home, the code, expired, not found, the dashboard and its dialogs, the sign-in dialogs, at 390 and 1280 px', async () => {
    const { client, email } = await signedInClient('labels');
    expect((await client.post('/api/medical-records', medicalForm({ email }))).status).toBeLessThan(300);
    const visitorCode = (await new HttpClient().post('/api/anonymous-medical-record', medicalForm())).body;
    const wrapped: string[] = [];
    for (const [width, viewport] of Object.entries(WIDTHS)) {
      const visitor = await openPage(browser, { viewport });
      const note = async (where: string) => {
        for (const label of await wrappedLabels(visitor.page)) wrapped.push(`${width} ${where}: ${label}`);
      };
      await visitor.page.goto(baseUrl());
      await visitor.page.getByRole('button', { name: 'Generate QR Code' }).waitFor();
      await note('home');
      await visitor.page.goto(`${baseUrl()}/?login=true`);
      await visitor.page.getByRole('dialog').waitFor();
      await note('sign-in');
      await visitor.page.getByRole('tab', { name: 'Create Account' }).click();
      await note('create account');
      await visitor.page.getByRole('tab', { name: 'Sign In' }).click();
      await visitor.page.getByRole('button', { name: 'Forgot password?' }).click();
      await visitor.page.getByRole('heading', { name: 'Reset your password' }).waitFor();
      await note('forgot password');
      await visitor.page.goto(`${baseUrl()}/?noActiveQr=true`);
      await visitor.page.getByRole('dialog').waitFor();
      await note('no active code');
      for (const [where, path] of [
        ['expired', '/expired'],
        ['not found', '/no/such/page'],
      ] as const) {
        await visitor.page.goto(`${baseUrl()}${path}`);
        await visitor.page.getByRole('link', { name: 'Call 911' }).waitFor();
        await note(where);
      }
      await visitor.page.goto(baseUrl());
      await rememberCode(visitor.page, visitorCode);
      await visitor.page.reload();
      await visitor.page.getByRole('button', { name: 'Download for lock screen' }).waitFor();
      await note('visitor code');
      await visitor.context.close();

      const member = await openPage(browser, { viewport });
      await signInWithCookies(member.context, client.cookies);
      await member.page.goto(baseUrl());
      await member.page.getByRole('button', { name: 'Download for lock screen' }).waitFor();
      for (const label of await wrappedLabels(member.page)) wrapped.push(`${width} dashboard: ${label}`);
      for (const [opener, title] of [
        ['Replace my code', /Replace your QR code/],
        ['Delete QR Code', /Delete/],
      ] as const) {
        await member.page.getByRole('button', { name: opener }).click();
        await member.page.getByRole('dialog').getByRole('heading', { name: title }).waitFor();
        for (const label of await wrappedLabels(member.page)) wrapped.push(`${width} ${opener} dialog: ${label}`);
        await member.page.keyboard.press('Escape');
        await member.page.getByRole('dialog').waitFor({ state: 'detached' });
        // Escape gives focus back to the button that opened the dialog.
        expect(await member.page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(opener);
      }
      await member.context.close();
    }
    expect(wrapped).toEqual([]);
  });

  it('shows the phone a one-line header title, the full one to screen readers and wider screens', async () => {
    for (const [width, viewport] of Object.entries(WIDTHS)) {
      const { page, context } = await openPage(browser, { viewport });
      await page.goto(baseUrl());
      const home = page.getByRole('link', { name: 'Emergency Quick Response (QR)' });
      const title = home.locator('span.whitespace-nowrap');
      const lines = await title.evaluate((element) => {
        const lineHeight = parseFloat(getComputedStyle(element).lineHeight);
        return element.getBoundingClientRect().height / lineHeight;
      });
      expect({ width, lines: Math.round(lines) }).toEqual({ width, lines: 1 });
      // What is drawn: the short title on phones, the full one wider (screen readers always get the full one).
      const drawnWidth = (text: string) =>
        title.getByText(text, { exact: true }).evaluate((e) => e.getBoundingClientRect().width);
      const [short, full] = [await drawnWidth('Emergency QR'), await drawnWidth('Emergency Quick Response (QR)')];
      expect({ width, shortShown: short > 50, fullShown: full > 50 }).toEqual({
        width,
        shortShown: width === 'phone',
        fullShown: width !== 'phone',
      });
      await context.close();
    }
  });

  it('returns focus to the Login button after Escape, also through forgot password, and rings every stop in the dialog', async () => {
    const { page, context } = await openPage(browser, { viewport: DESKTOP });
    await page.goto(baseUrl());
    const login = page.getByRole('link', { name: 'Login' });
    await login.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').waitFor();
    expect(await stopsWithoutFocusRing(page, 9)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Login');

    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    // As a person would: press Escape once the new dialog has taken focus (it opens on its email field).
    await page.waitForFunction(() =>
      document.activeElement?.closest('[role="dialog"]')?.textContent?.includes('Reset'),
    );
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Login');

    // And on the page itself, from the skip link through the header and into the form.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    expect(await stopsWithoutFocusRing(page, 14)).toEqual([]);
    await context.close();
  });

  it('keeps toasts clear of the header and of a dialog close button, wrapped, and says each refusal once', async () => {
    const email = uniqueEmail('unverified');
    const registered = await new HttpClient().post('/api/auth/register', {
      firstName: 'Noor',
      lastName: 'Haddad',
      email,
      password: 'unverified-1',
    });
    expect(registered.status).toBe(201);
    for (const [width, viewport] of Object.entries(WIDTHS)) {
      for (const theme of THEMES) {
        const { page, context } = await openPage(browser, { viewport, colorScheme: theme });
        await page.goto(`${baseUrl()}/?login=true`);
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Email').fill(email);
        await dialog.getByLabel('Password', { exact: true }).fill('unverified-1');
        await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
        await dialog.getByRole('alert').waitFor();
        // The refusal is in the dialog; no toast says it again.
        expect(await page.locator('li.toast').count()).toBe(0);

        await dialog.getByRole('button', { name: 'Send a new verification link' }).click();
        const toast = page.locator('li.toast');
        await toast.getByText('Verification email sent').waitFor();
        // A pointer resting on a toast holds it (its timer pauses): the checks below may outlast its few seconds on a
        // busy machine, and the dismiss button must still be there to press.
        await toast.hover();
        const toastBox = await box(toast);
        expect(overlaps(toastBox, await box(page.locator('header')))).toBe(false);
        expect(overlaps(toastBox, await box(dialog.getByRole('button', { name: 'Close' })))).toBe(false);
        expect(await toast.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
        await screenshot(page, `craft-toast-over-dialog-${width}-${theme}`, { fullPage: false });
        // The toast can be dismissed while the dialog is open, and the dialog stays.
        // (A modal dialog hides the page behind it from the accessibility tree; the toast is announced on its own.)
        await toast.locator('button[aria-label="Dismiss notification"]').click();
        await toast.waitFor({ state: 'detached' });
        expect(await dialog.isVisible()).toBe(true);
        await context.close();
      }
    }
  });

  it('prefills the verified address, says a reused link is verified, welcomes a first sign-in, refuses a used reset link on opening, and confirms sign-out', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: PHONE });
    const email = uniqueEmail('polish');
    const client = new HttpClient();
    const password = 'polish-pass-1';
    await client.post('/api/auth/register', { firstName: 'Lin', lastName: 'Wei', email, password });
    const verifyLink = await waitForMailLink(email, /Confirm your email/);

    await page.goto(verifyLink);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Email verified. You can sign in now.').waitFor();
    expect(await dialog.getByLabel('Email').inputValue()).toBe(email);
    expect(page.url()).not.toContain(encodeURIComponent(email));
    await screenshot(page, 'craft-sign-in-verified-phone-light', { fullPage: false });
    await page.goto(verifyLink);
    await dialog.getByText('Your email is already verified. You can sign in.').waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(0);

    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.locator('li.toast').getByText('Welcome to Medical QR, Lin!').waitFor();
    const toastBox = await box(page.locator('li.toast'));
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(PHONE.height);
    expect(overlaps(toastBox, await box(page.locator('header')))).toBe(false);
    await screenshot(page, 'craft-toast-welcome-phone-light', { fullPage: false });

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.locator('li.toast').getByText('Signed out').waitFor();
    expect(new URL(page.url()).search).toBe('');
    await screenshot(page, 'craft-toast-signed-out-phone-light', { fullPage: false });

    await client.post('/api/auth/forgot-password', { email });
    const resetLink = await waitForMailLink(email, /Reset your/);
    const token = new URL(resetLink).pathname.split('/').pop()!;
    expect((await client.post('/api/auth/reset-password', { token, password: 'polish-pass-2' })).status).toBe(200);
    await page.goto(resetLink);
    await page.getByRole('heading', { name: 'This reset link no longer works' }).waitFor();
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    expect(await page.title()).toBe('Reset password · Medical QR');
    await screenshot(page, 'craft-reset-link-used-phone-light');
    expect(errors.filter((error) => !/status of 410/.test(error))).toEqual([]);
    await context.close();
  });

  it('says why a used verification link failed in our words, and never the text a made-up link carries', async () => {
    const { page, context } = await openPage(browser, { viewport: PHONE });
    await page.goto(`${baseUrl()}/api/auth/verify-email/${'x'.repeat(43)}`);
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('alert')
      .getByText('This verification link has expired or was already used. Request a new one from the sign-in dialog.')
      .waitFor();

    const planted = 'Your account is suspended. Call +1 555 0100 to restore it.';
    await page.goto(`${baseUrl()}/?login=true&error=${encodeURIComponent(planted)}`);
    await dialog.getByRole('alert').getByText('Sign-in did not complete. Please try again.').waitFor();
    expect(await dialog.textContent()).not.toContain('555 0100');
    await screenshot(page, 'craft-sign-in-unknown-error-phone-light', { fullPage: false });
    await context.close();
  });

  it('answers an unknown path with 404 and the not-found page, titled', async () => {
    const { page, context } = await openPage(browser, { viewport: PHONE });
    const response = await page.goto(`${baseUrl()}/no/such/page`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.title()).toBe('Page not found · Medical QR');
    await context.close();
  });

  it('photographs home after a reload and the sign-in dialogs at 390 and 1280, light and dark', async () => {
    const code = (await new HttpClient().post('/api/anonymous-medical-record', medicalForm())).body;
    for (const [width, viewport] of Object.entries(WIDTHS)) {
      for (const theme of THEMES) {
        const { page, context, errors } = await openPage(browser, { viewport, colorScheme: theme });
        await page.goto(baseUrl());
        await rememberCode(page, code);
        await page.reload();
        await page.getByRole('heading', { name: 'Your QR code', exact: true }).waitFor();
        await screenshot(page, `craft-home-after-reload-${width}-${theme}`);
        await page.goto(`${baseUrl()}/?login=true`);
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Email').waitFor();
        await screenshot(page, `craft-dialog-sign-in-${width}-${theme}`, { fullPage: false });
        await dialog.getByRole('tab', { name: 'Create Account' }).click();
        await screenshot(page, `craft-dialog-create-account-${width}-${theme}`, { fullPage: false });
        await dialog.getByRole('tab', { name: 'Sign In' }).click();
        await dialog.getByRole('button', { name: 'Forgot password?' }).click();
        await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
        await screenshot(page, `craft-dialog-forgot-password-${width}-${theme}`, { fullPage: false });
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });
});

/** Puts a code into this browser's history as the home page saves one. */
async function rememberCode(
  page: Page,
  code: { token: string; cardUrl: string; qrCodeData: string; expiresAt: string },
) {
  await page.evaluate((saved) => {
    const entry = {
      id: saved.token,
      ...saved,
      createdAt: new Date().toISOString(),
      label: { name: 'Imogen Vasquez-Thornbury', bloodGroup: 'AB-' },
    };
    localStorage.setItem('medical-qr-history', JSON.stringify([entry]));
  }, code);
}
