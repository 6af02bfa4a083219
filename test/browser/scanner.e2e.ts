import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { medicalForm } from '../records/records-fixtures.js';
import { signedInClient } from '../support/accounts.js';
import { baseUrl } from '../support/api.js';
import { launchBrowser, openPage, PHONE, screenshot, useSession } from '../support/browser.js';
import { writeQrVideo } from '../support/fake-camera.js';
import { HttpClient } from '../support/http-client.js';

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

  it("reads a card's QR from the live camera and shows its medical information, with Call Primary Contact", async () => {
    const { client } = await signedInClient('scanner');
    const card = await new HttpClient().post('/api/anonymous-medical-record', medicalForm());
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
    await result.getByText('Penicillin anaphylaxis; latex').waitFor();
    await result.getByText('AB-', { exact: true }).waitFor();
    expect(await result.getByText('Female', { exact: true }).count()).toBe(1);
    expect(await result.getByRole('link', { name: 'Call Primary Contact' }).getAttribute('href')).toBe(
      'tel:+4407700900123',
    );
    expect(await result.getByRole('link', { name: 'Call Bartholomew Quist' }).count()).toBe(1);
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
