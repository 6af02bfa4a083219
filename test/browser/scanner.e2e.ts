import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ageOn } from '@medical-qr/contracts';
import type { Browser, Locator } from 'playwright-core';
import { medicalForm } from '../records/records-fixtures.js';
import { signedInClient } from '../support/accounts.js';
import { baseUrl } from '../support/api.js';
import { launchBrowser, openPage, PHONE, screenshot, useSession } from '../support/browser.js';
import { writeQrVideo } from '../support/fake-camera.js';
import { HttpClient } from '../support/http-client.js';

/** A record with every first-minute fact: a date of birth, DNR, a blood thinner and insulin, devices, an interpreter. */
const FIRST_MINUTE_RECORD = medicalForm({
  dateOfBirth: '1979-03-14',
  resuscitationStatus: 'dnr',
  medications: 'Levothyroxine 75 mcg; Apixaban 5 mg twice daily; NovoRapid via pump',
  interpreterNeeded: true,
});

/** The result's `<dt>` reading `label` (shown in capitals, written as given). */
function termOf(result: Locator, label: string): Locator {
  return result.locator('dt').filter({ hasText: new RegExp(`^${label}$`) });
}

/** What the result's `<dl>` says for `label`. */
function valueOf(result: Locator, label: string): Locator {
  return termOf(result, label).locator('xpath=following-sibling::dd[1]');
}

/** An element's box on the page, which must be displayed. */
async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} is not displayed`);
  return box;
}

/**
 * The camera scanner in Chromium with a fake camera that films a generated QR code (a Y4M still played as the camera
 * feed): the card link is read by html5-qrcode from the live view, the card fetched, and the result shown with Call.
 * A second browser films a code that is not ours. Screenshots: reports/screenshots/scanner-*.png.
 */
/**
 * The page decodes the camera's frames as fast as the machine lets it: instant on a phone, but a full test run on two
 * busy cores has taken over 20 s to read the first code. A backstop against a hang, not a deadline to race.
 */
const CAMERA_READ_BACKSTOP_MS = 120_000;

describe('the camera scanner in Chromium', () => {
  const folder = mkdtempSync(join(tmpdir(), 'scanner-'));
  const browsers: Browser[] = [];
  afterAll(async () => {
    await Promise.all(browsers.map((browser) => browser.close()));
    rmSync(folder, { recursive: true, force: true });
  });

  /** A browser whose camera films a QR code of `text`; the page asks for the camera as on a phone (grant it or not). */
  async function browserFilming(text: string, name: string): Promise<Browser> {
    const video = join(folder, `${name}.y4m`);
    await writeQrVideo(video, text);
    const browser = await launchBrowser([
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]);
    browsers.push(browser);
    return browser;
  }

  it("reads a card's QR from the live camera and leads with its first-minute facts, then Call Primary Contact", async () => {
    const { client } = await signedInClient('scanner');
    const card = await new HttpClient().post('/api/anonymous-medical-record', FIRST_MINUTE_RECORD);
    expect(card.status).toBe(200);
    const browser = await browserFilming(card.body.cardUrl, 'card');
    const { page, errors, context } = await openPage(browser, { viewport: PHONE });
    await context.grantPermissions(['camera'], { origin: baseUrl() });
    await useSession(context, client.cookies);
    await page.goto(`${baseUrl()}/scanner`);
    await page.getByRole('heading', { level: 1, name: 'QR Scanner' }).waitFor();
    await screenshot(page, 'scanner-idle-390-light');
    await page.getByRole('button', { name: 'Start Scanning' }).click();

    const result = page.getByRole('region', { name: 'Medical information' });
    await result.waitFor({ timeout: CAMERA_READ_BACKSTOP_MS });
    // The first-minute block lists the entries, "latex" by its listed name.
    await result.getByText('Penicillin anaphylaxis, Latex').waitFor();
    await result.getByText('AB-', { exact: true }).waitFor();
    expect(await result.getByText('Female', { exact: true }).count()).toBe(1);
    const callPrimary = result.getByRole('link', { name: 'Call Primary Contact: Bartholomew Quist', exact: true });
    expect(await callPrimary.getAttribute('href')).toBe('tel:+4407700900123');
    expect(await result.getByRole('link', { name: 'Call Bartholomew Quist', exact: true }).count()).toBe(1);

    // The card's first-minute facts, in its order: name, age and blood group; resuscitation; allergies; blood thinner
    // and insulin (the words found in the medications); devices; languages with the interpreter.
    const name = result.getByText('Imogen Vasquez-Thornbury', { exact: true });
    const age = result.getByText(`Age ${ageOn(FIRST_MINUTE_RECORD.dateOfBirth!, new Date())}`, { exact: true });
    const facts = [
      ['Blood group', 'AB-'],
      ['Resuscitation', 'Do not resuscitate (DNR)'],
      ['Allergies', 'Penicillin anaphylaxis, Latex'],
      ['Takes a blood thinner', 'Apixaban'],
      ['Uses insulin', 'NovoRapid'],
      ['Devices and implants', 'Omnipod insulin pump, left abdomen'],
      ['Languages spoken', 'Catalan, Tagalog · Interpreter needed'],
    ] as const;
    for (const [label, value] of facts) {
      expect({ label, shown: await valueOf(result, label).textContent() }).toEqual({ label, shown: value });
    }

    // On the first phone screen, from the top: each fact below the one before, all of them above Call Primary
    // Contact (none hidden behind it), and its bottom edge within the 844 px, below the app header.
    await page.evaluate(() => window.scrollTo(0, 0));
    const boxes = [await boxOf(name), await boxOf(age)];
    for (const [label] of facts) boxes.push(await boxOf(termOf(result, label)));
    const call = await boxOf(callPrimary);
    boxes.forEach((box, index) => {
      const next = boxes[index + 1] ?? call;
      expect({ index, below: next.y >= box.y + box.height - 1 }).toEqual({ index, below: true });
    });
    const languages = await boxOf(valueOf(result, 'Languages spoken'));
    expect(languages.y + languages.height).toBeLessThanOrEqual(call.y);
    const header = await boxOf(page.locator('header').first());
    expect(call.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(call.y + call.height).toBeLessThanOrEqual(PHONE.height);
    expect(call.height).toBeGreaterThanOrEqual(48);
    await screenshot(page, 'scanner-result-390-light-first-screen', { fullPage: false });

    // The rest follows the call: care directives, conditions, medications.
    expect(await valueOf(result, 'Medications').textContent()).toBe(FIRST_MINUTE_RECORD.medications);
    expect((await boxOf(result.getByText('Advance directive: with Dr Okonkwo', { exact: true }))).y).toBeGreaterThan(
      call.y + call.height,
    );
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(() => localStorage.removeItem('theme'));
      // Colours ease into the new scheme: photograph them once they are there.
      await page.waitForTimeout(400);
      await screenshot(page, `scanner-result-390-${scheme}`);
    }

    // Scan Another goes back to the live camera, which reads the code again.
    await result.getByRole('button', { name: 'Scan Another' }).click();
    await page.getByRole('region', { name: 'Camera' }).waitFor();
    await result.waitFor({ timeout: CAMERA_READ_BACKSTOP_MS });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says a code that is not ours is not a Medical QR code, with Try Again and Close', async () => {
    const { client } = await signedInClient('scanner-other');
    const browser = await browserFilming('https://example.com/not-a-card', 'other');
    const { page, errors, context } = await openPage(browser, { viewport: PHONE, colorScheme: 'dark' });
    await context.grantPermissions(['camera'], { origin: baseUrl() });
    await useSession(context, client.cookies);
    await page.goto(`${baseUrl()}/scanner`);
    await page.getByRole('button', { name: 'Start Scanning' }).click();
    await page.getByText('This QR code is not a Medical QR code.').waitFor({ timeout: CAMERA_READ_BACKSTOP_MS });
    await screenshot(page, 'scanner-error-390-dark');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Start Scanning' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the permission screen when the camera is refused, and Allow Camera Access tries again', async () => {
    const { client } = await signedInClient('scanner-denied');
    const browser = await browserFilming('unused', 'denied');
    const { page, errors, context } = await openPage(browser, { viewport: PHONE });
    await useSession(context, client.cookies);
    await page.goto(`${baseUrl()}/scanner`);
    await page.getByRole('button', { name: 'Start Scanning' }).click();
    await page
      .getByText('Camera permission is required to scan QR codes', { exact: false })
      .waitFor({ timeout: CAMERA_READ_BACKSTOP_MS });
    await screenshot(page, 'scanner-permission-390-light');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Start Scanning' }).waitFor();
    expect(errors.filter((error) => !/Permission|NotAllowed/i.test(error))).toEqual([]);
    await context.close();
  });

  it('asks a visitor to sign in first', async () => {
    const browser = browsers[0] ?? (await browserFilming('unused', 'visitor'));
    const { page, context } = await openPage(browser, { viewport: PHONE });
    await page.goto(`${baseUrl()}/scanner`);
    await page.getByRole('heading', { level: 1, name: 'Access Denied' }).waitFor();
    await context.close();
  });
});
