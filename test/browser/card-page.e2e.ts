import { mkdirSync, writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, PHONE, screenshot, SCREENSHOT_DIR } from '../support/browser.js';
import { randomClientIp } from '../support/http-client.js';
import { decodeAllQrWithZbar } from '../support/qr.js';
import { pdfPage } from '../support/pdf.js';
import { longRecord, rawGet, shortRecord } from '../card/card-fixtures.js';
import { startCardStack, type CardStack } from '../card/card-stack.js';

type Scheme = 'light' | 'dark';
/** The number printed references are texted to in this system (a number reserved for fiction). */
const SMS_NUMBER = '+12025550143';
const VIEWS = [
  [PHONE, 'light', 'phone-light'],
  [PHONE, 'dark', 'phone-dark'],
  [DESKTOP, 'light', 'desktop-light'],
  [DESKTOP, 'dark', 'desktop-dark'],
] as const;

interface Responder {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/** A responder's browser: its own address (or a given one, to share a rate-limit bucket), script on or off. */
async function responder(
  browser: Browser,
  options: { viewport?: typeof PHONE; colorScheme?: Scheme; javaScriptEnabled?: boolean; ip?: string } = {},
): Promise<Responder> {
  const viewport = options.viewport ?? PHONE;
  const context = await browser.newContext({
    viewport,
    colorScheme: options.colorScheme ?? 'light',
    hasTouch: viewport.width < 500,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    extraHTTPHeaders: { 'x-forwarded-for': options.ip ?? randomClientIp() },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** The share of a PNG's pixels that are near white. */
function whiteShare(png: Buffer): number {
  const image = PNG.sync.read(png);
  let white = 0;
  for (let i = 0; i < image.data.length; i += 4) {
    if (image.data[i]! > 240 && image.data[i + 1]! > 240 && image.data[i + 2]! > 240) white++;
  }
  return white / (image.width * image.height);
}

/** The page's box of an element, which must be on screen. */
async function boxOf(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not displayed`);
  return box;
}

describe('the emergency card page in Chromium', () => {
  let stack: CardStack;
  let browser: Browser;
  let longCard: string;
  let shortCard: string;

  beforeAll(async () => {
    stack = await startCardStack('card-page-browser', { QR_TTL_ANONYMOUS: '3s', TWILIO_FROM_NUMBER: SMS_NUMBER });
    browser = await launchBrowser();
    longCard = `${stack.system.url}/emergency/${await stack.premiumCard(longRecord())}`;
    shortCard = `${stack.system.url}/emergency/${await stack.premiumCard(shortRecord())}`;
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('shows blood group, allergies and a tel: link with JavaScript off, and no button that needs a script', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const { page, context } = await responder(browser, { javaScriptEnabled: false, colorScheme: scheme });
      expect((await page.goto(longCard))!.status()).toBe(200);
      await page.getByText('AB-', { exact: true }).waitFor();
      await page.getByText('Penicillin (anaphylaxis), peanuts', { exact: false }).waitFor();
      const call = page.getByRole('link', { name: 'Call Bartholomew Quist' });
      expect(await call.isVisible()).toBe(true);
      expect(await call.getAttribute('href')).toBe('tel:+4407700900123');
      expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
      // Dark without the theme script: the system's choice still applies.
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).toBe(scheme === 'dark' ? 'rgb(2, 6, 23)' : 'rgb(248, 250, 252)');
      await screenshot(page, `card-no-script-phone-${scheme}`, { fullPage: false });
      await context.close();
    }
  });

  it('keeps the critical facts and the primary Call button inside the first 390×844 screen of a long record', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const { page, context, errors } = await responder(browser, { colorScheme: scheme });
      await page.goto(longCard);
      const call = await boxOf(page, '.primary-contact a[href^="tel:"]');
      expect(call.y).toBeGreaterThanOrEqual(0);
      expect(call.y + call.height).toBeLessThanOrEqual(PHONE.height);
      expect(call.height).toBeGreaterThanOrEqual(48);
      // Nothing of the first-minute facts is under the contact bar: name, age and blood group, resuscitation, allergies,
      // blood thinner and insulin, devices, languages with the interpreter, and the care directives. The full
      // conditions and medications follow as the page scrolls.
      const bar = await boxOf(page, '.primary-contact');
      for (const selector of [
        '.identity',
        '.first-minute:first-of-type',
        '.allergies',
        '.first-minute:last-of-type',
        '.fact-item.directives',
      ]) {
        const fact = await boxOf(page, selector);
        expect({ selector, underTheBar: fact.y + fact.height > bar.y }).toEqual({ selector, underTheBar: false });
      }
      expect(await page.getByText('Insulin pump (left abdomen); implanted pacemaker').isVisible()).toBe(true);
      // The upsell is last and small.
      const upsell = await boxOf(page, 'a.create-own');
      expect(upsell.y).toBeGreaterThan(PHONE.height);
      expect(upsell.height).toBeLessThan(40);
      await screenshot(page, `card-long-phone-${scheme}-first-screen`, { fullPage: false });
      await screenshot(page, `card-long-phone-${scheme}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('shows Print and Copy link once its script runs, and copies the card link', async () => {
    const { page, context, errors } = await responder(browser, { viewport: DESKTOP });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.system.url });
    await page.goto(longCard);
    await page.getByRole('button', { name: 'Print' }).waitFor();
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('status').getByText('Link copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(longCard);
    expect(await page.title()).toBe('Imogen Vasquez-Thornbury · Emergency medical card');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('looks right with a long and a short record, on a phone and a desktop, light and dark', async () => {
    for (const [viewport, scheme, name] of VIEWS) {
      for (const [url, record] of [
        [longCard, 'long'],
        [shortCard, 'short'],
      ] as const) {
        if (record === 'long' && viewport === PHONE) continue; // taken above
        const { page, context, errors } = await responder(browser, { viewport, colorScheme: scheme });
        await page.goto(url);
        await page.getByRole('heading', { level: 1 }).waitFor();
        // Gender, organ donor and resuscitation are each said "Not stated" rather than left blank.
        if (record === 'short') expect(await page.getByText('Not stated').count()).toBe(3);
        await screenshot(page, `card-${record}-${name}`);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });

  it('answers an unknown card with 404 and a page that leads with Call 911', async () => {
    for (const [viewport, scheme, name] of VIEWS) {
      const { page, context } = await responder(browser, { viewport, colorScheme: scheme });
      const response = await page.goto(`${stack.system.url}/emergency/AAAAAAAAAAAAAAAAAAAAAA`);
      expect(response!.status()).toBe(404);
      await page.getByRole('heading', { name: 'Medical Card Not Found' }).waitFor();
      const links = page.getByRole('link');
      expect(await links.first().getAttribute('href')).toBe('tel:911');
      expect(await links.first().textContent()).toContain('Call 911');
      await screenshot(page, `card-not-found-${name}`);
      await context.close();
    }
  });

  it('over the miss limit answers 429 with Retry-After, Call 911 and a retry, while real cards still open', async () => {
    const ip = randomClientIp();
    for (let i = 0; i < 5; i++) {
      const miss = await rawGet(`${stack.system.url}/emergency/BBBBBBBBBBBBBBBBBBBBB${i}`, { 'x-forwarded-for': ip });
      expect(miss.status).toBe(404);
    }
    for (const [viewport, scheme, name] of VIEWS) {
      const { page, context } = await responder(browser, { viewport, colorScheme: scheme, ip });
      const response = await page.goto(`${stack.system.url}/emergency/CCCCCCCCCCCCCCCCCCCCCC`);
      expect(response!.status()).toBe(429);
      expect(Number(await response!.headerValue('retry-after'))).toBeGreaterThan(0);
      await page.getByRole('heading', { name: 'Too many attempts from this network' }).waitFor();
      expect(await page.getByRole('link').first().getAttribute('href')).toBe('tel:911');
      await page.getByRole('link', { name: 'Try again' }).waitFor();
      await screenshot(page, `card-rate-limited-${name}`);
      await context.close();
    }
    const { page, context } = await responder(browser, { ip });
    expect((await page.goto(shortCard))!.status()).toBe(200);
    await context.close();
  });

  it('answers 503 with Call 911 and a retry when the records service does not answer, and the retry opens the card', async () => {
    const { page, context } = await responder(browser);
    stack.pauseRecords();
    try {
      const response = await page.goto(shortCard);
      expect(response!.status()).toBe(503);
      await page.getByRole('heading', { name: 'This card cannot be shown right now' }).waitFor();
      expect(await page.getByRole('link').first().getAttribute('href')).toBe('tel:911');
      await screenshot(page, 'card-unavailable-phone-light');
    } finally {
      stack.resumeRecords();
    }
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Sam Lee', level: 1 }).waitFor();
    await context.close();
  });

  it('sends an expired card to /expired with a server redirect, and /expired leads with Call 911, sells the responder nothing', async () => {
    const token = await stack.anonymousCard(shortRecord());
    const url = `${stack.system.url}/emergency/${token}`;
    await new Promise((resolve) => setTimeout(resolve, 3500));
    const redirect = await rawGet(url, { 'x-forwarded-for': randomClientIp() });
    expect([redirect.status, redirect.headers.location]).toEqual([303, '/expired']);
    expect(redirect.headers['cache-control']).toBe('no-store');
    for (const [viewport, scheme, name] of VIEWS) {
      const { page, context } = await responder(browser, { viewport, colorScheme: scheme });
      await page.goto(url);
      await page.waitForURL(`${stack.system.url}/expired`);
      await page.getByRole('heading', { name: 'This medical QR code has expired' }).waitFor();
      expect(await page.locator('main a').first().getAttribute('href')).toBe('tel:911');
      await screenshot(page, `card-expired-${name}`);
      // Whoever scanned it is most likely helping someone: what to do now, and the owner's part in one small link.
      await page.getByText('Look for other medical ID').waitFor();
      expect(await page.locator('main a').count()).toBe(2);
      const ownerLink = page.getByRole('link', { name: 'Sign in to renew it' });
      expect(await ownerLink.getAttribute('href')).toBe('/?login=true');
      expect(
        await page
          .locator('main')
          .getByText(/Premium|Reactivate/)
          .count(),
      ).toBe(0);
      await context.close();
    }
  });

  it('prints dark on white on A4 and US Letter, with the QR of its link and its reference to text, the offline code, the link, the date and the 911 line', async () => {
    const card = await rawGet(`${stack.system.url}/api/emergency-card/${longCard.split('/').pop()}`, {
      'x-forwarded-for': randomClientIp(),
    });
    const { reference } = JSON.parse(card.text) as { reference: string };
    expect(reference).toMatch(/^[2-9A-HJKMNP-TW-Z]{4} [2-9A-HJKMNP-TW-Z]{4}$/);
    const { page, context } = await responder(browser, { viewport: DESKTOP, colorScheme: 'dark' });
    await page.goto(longCard);
    await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
    const underCode = page.locator('.print-code').first().locator('.print-reference');
    expect(await underCode.isVisible()).toBe(true);
    expect(await underCode.textContent()).toBe(`No data? Text ${reference} to ${SMS_NUMBER}`);
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    for (const format of ['A4', 'Letter'] as const) {
      const { png, text, pages } = pdfPage(await page.pdf({ format, printBackground: true }), 150);
      writeFileSync(`${SCREENSHOT_DIR}/card-print-${format.toLowerCase()}.png`, png);
      expect(pages).toBe(1);
      expect(whiteShare(png)).toBeGreaterThan(0.8);
      // Both codes, read off the paper at a printer's resolution: the card's link, and the first-minute block.
      const codes = decodeAllQrWithZbar(pdfPage(await page.pdf({ format, printBackground: true }), 300).png);
      expect(codes).toContain(longCard);
      const offline = codes.find((code) => code !== longCard)!.split('\n');
      expect(offline[0]).toBe('EMERGENCY MEDICAL ID');
      expect(offline).toContain('Name: Imogen Vasquez-Thornbury');
      expect(offline).toContain('Blood group: AB-');
      expect(offline.find((line) => line.startsWith('Allergies: '))).toContain('Penicillin');
      expect(offline.find((line) => line.startsWith('Call: '))).toContain('Bartholomew');
      expect(text).toContain('Open full card');
      // Under the code, wrapped to its width (text extraction reads the next code's caption between the lines).
      expect(text.replace(/\s+/g, ' ')).toContain(`No data? Text ${reference} to`);
      expect(text).toContain(SMS_NUMBER);
      expect(text).toContain('Read without internet');
      for (const fact of [
        'Imogen Vasquez-Thornbury',
        'AB-',
        'Penicillin',
        'DNR: signed form in wallet',
        'Bartholomew',
      ]) {
        expect(text).toContain(fact);
      }
      expect(text.replace(/\s+/g, ' ')).toContain(longCard);
      expect(text).toMatch(/Printed [A-Z][a-z]+ \d{1,2}, \d{4}/);
      expect(text.replace(/\s+/g, ' ')).toMatch(/Facts last checked by the owner on [A-Z][a-z]+ \d{1,2}, \d{4}/);
      expect(text).toContain('call 911 or your local emergency number');
      expect(text).not.toContain('Create Your Own Medical Card');
      expect(text).not.toMatch(/\bSMS\b/);
    }
    await context.close();
  });
});
