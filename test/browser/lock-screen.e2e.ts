import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { PNG } from 'pngjs';
import { medicalForm } from '../records/records-fixtures.js';
import { signedInClient } from '../support/accounts.js';
import { baseUrl } from '../support/api.js';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot, useSession } from '../support/browser.js';
import { cropPng, decodeQr, decodeQrWithZbar } from '../support/qr.js';

const SCREENSHOT_DIR = 'reports/screenshots';
/** The number the test system's references are texted to (test/support/global-setup.mjs). */
/** The number the system texts from and prints (the SMS stand-in's, as the end-to-end setup exports it). */
const SMS_NUMBER = process.env.E2E_TWILIO_FROM_NUMBER ?? 'the SMS stand-in is not running';

/** The image's text as Debian's tesseract reads it, spaces and case evened out. */
function readText(png: Buffer): string {
  const text = execFileSync('tesseract', ['stdin', 'stdout', '--psm', '6', '-l', 'eng'], {
    input: png,
    encoding: 'utf8',
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  return text.replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The lock-screen image of a signed-in owner's code: the first-minute block in large text, read back off the pixels,
 * and two codes side by side: the full card's link, and the offline code whose plain text holds the block.
 */
describe('the lock-screen image, in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('carries the first-minute facts as text and as an offline code beside the code that opens the full card, and its reference to text', async () => {
    const { client, email } = await signedInClient('lock-screen');
    const saved = await client.post('/api/medical-records', {
      ...medicalForm({ email, firstName: 'Layla', lastName: 'Haddad', bloodGroup: 'O-' }),
      allergies: 'Penicillin, peanuts',
      medications: 'Warfarin 5 mg daily',
      devices: 'Pacemaker',
      languagesSpoken: 'Arabic',
      resuscitationStatus: 'dnr',
      interpreterNeeded: true,
      emergencyContacts: [{ name: 'Omar Haddad', phone: '+44 7700 900456', relationship: 'Brother', isPrimary: true }],
    });
    expect(saved.status).toBe(200);

    const { page, errors, context } = await openPage(browser, { viewport: PHONE });
    await useSession(context, client.cookies);
    await page.goto(`${baseUrl()}/`);
    // The owner's panel says the code's reference, and where a responder without data texts it.
    const { reference } = saved.body as { reference: string };
    expect(reference).toMatch(/^[2-9A-HJKMNP-TW-Z]{4} [2-9A-HJKMNP-TW-Z]{4}$/);
    const panel = page.getByRole('region', { name: 'Your current QR code' });
    await panel.getByText(`can text this to ${SMS_NUMBER} to get your first-minute facts by SMS`).waitFor();
    expect((await panel.textContent())?.replace(/\s+/g, ' ')).toContain(
      `Text reference: ${reference}A responder without data can text this to ${SMS_NUMBER} to get your first-minute facts by SMS.`,
    );
    await panel.getByText('Text reference:').scrollIntoViewIfNeeded();
    await screenshot(page, 'qr-panel-reference-phone', { fullPage: false });
    await page.setViewportSize(DESKTOP);
    await panel.getByText('Text reference:').scrollIntoViewIfNeeded();
    await screenshot(page, 'qr-panel-reference-desktop', { fullPage: false });
    await page.setViewportSize(PHONE);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download for lock screen' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('emergency-qr-lock-screen.png');
    const png = readFileSync((await download.path())!);
    const image = PNG.sync.read(png);
    expect([image.width, image.height]).toEqual([1080, 1920]);
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    writeFileSync(`${SCREENSHOT_DIR}/lock-screen-with-facts.png`, png);

    // Read off the screen with no scan at all.
    const facts = readText(cropPng(png, { x: 0, y: 470, width: 1080, height: 730 }));
    for (const words of ['layla haddad', 'do not resuscitate', 'penicillin', 'peanuts', 'warfarin', 'pacemaker']) {
      expect(facts).toContain(words);
    }
    expect(facts).toContain('interpreter needed');
    expect(facts).toContain('+44 7700 900456');
    const footer = readText(cropPng(png, { x: 0, y: 1590, width: 1080, height: 180 }));
    expect(footer).toContain('open full card');
    expect(footer).toContain('read without internet');
    // The reference is eight random characters: OCR now and then reads one of them twice or wrong ("tad5" as "tads5"),
    // which no fixed text here suffers. Its line and the number are read exactly, the reference within one slip.
    const said = /no data\? text (\S+ \S+) to (\+\d+)/.exec(footer);
    expect(said?.[2]).toBe(SMS_NUMBER);
    expect({ read: said?.[1], withinOneSlip: editDistance(said?.[1] ?? '', reference.toLowerCase()) <= 1 }).toEqual({
      read: said?.[1],
      withinOneSlip: true,
    });
    expect(footer).toContain('last checked by the owner');

    // The two codes, each read by two decoders.
    const fullCard = cropPng(png, { x: 40, y: 1100, width: 520, height: 540 });
    const offline = cropPng(png, { x: 520, y: 1100, width: 520, height: 540 });
    const link = decodeQr(fullCard);
    expect(link).toBe(saved.body.cardUrl);
    expect(decodeQrWithZbar(fullCard)).toBe(link);
    const text = decodeQr(offline)!;
    expect(decodeQrWithZbar(offline)).toBe(text);
    expect(text.split('\n')).toEqual([
      'EMERGENCY MEDICAL ID',
      'Name: Layla Haddad',
      'Blood group: O-',
      'Resuscitation: Do not resuscitate (DNR)',
      'Allergies: Penicillin, Peanuts',
      'Takes a blood thinner: Warfarin',
      'Devices and implants: Pacemaker',
      'Languages spoken: Arabic · Interpreter needed',
      'Call: Omar Haddad (Brother) +44 7700 900456',
    ]);

    // Printed for responders who read Spanish: its words and listed entries in Spanish, the owner's words as written.
    await page.getByLabel('Printed in').selectOption('es');
    const [spanish] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download for lock screen' }).click(),
    ]);
    const spanishPng = readFileSync((await spanish.path())!);
    writeFileSync(`${SCREENSHOT_DIR}/lock-screen-with-facts-es.png`, spanishPng);
    const spanishFacts = readText(cropPng(spanishPng, { x: 0, y: 470, width: 1080, height: 730 }));
    for (const words of ['alergias', 'penicilina', 'cacahuetes', 'marcapasos', 'layla haddad']) {
      expect(spanishFacts).toContain(words);
    }
    const spanishText = decodeQr(cropPng(spanishPng, { x: 520, y: 1100, width: 520, height: 540 }))!;
    expect(spanishText.split('\n').slice(0, 2)).toEqual([
      'IDENTIFICACIÓN MÉDICA DE EMERGENCIA',
      'Nombre: Layla Haddad',
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** Characters to insert, delete or change to turn `a` into `b` (Levenshtein). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
