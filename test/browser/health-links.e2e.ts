import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { medicalForm } from '../records/records-fixtures.js';
import { signedInClient } from '../support/accounts.js';
import { baseUrl } from '../support/api.js';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot, useSession } from '../support/browser.js';
import { decodeQr, pngFromDataUrl } from '../support/qr.js';

const LAYOUTS = [
  { name: 'phone-light', viewport: PHONE, colorScheme: 'light' },
  { name: 'phone-dark', viewport: PHONE, colorScheme: 'dark' },
  { name: 'desktop-light', viewport: DESKTOP, colorScheme: 'light' },
  { name: 'desktop-dark', viewport: DESKTOP, colorScheme: 'dark' },
] as const;

const PASSCODE = 'harbour-47';
const READER = 'Dr Ada Reader, St Mary’s ED';

/** A reader's console: Chromium logs the refused passcode's 401 as a failed load, which the viewer expects. */
const unexpected = (errors: string[]) => errors.filter((error) => !/status of 401/.test(error));

/** The QR image on the page, read as a phone's camera would. */
async function qrOnPage(page: Page, name: string): Promise<string | undefined> {
  const source = await page.getByRole('img', { name }).getAttribute('src');
  return decodeQr(pngFromDataUrl(source!));
}

/**
 * SMART Health Links in Chromium (step 18): the owner makes a link with a passcode on My Account; its QR, read from
 * the page, opens the viewer in another browser, which asks who is reading and the passcode (a wrong one says the
 * tries left), then shows the allergies; the owner's list shows that reader. At each width and scheme; with
 * SCREENSHOTS=1 every state is saved as reports/screenshots/shl-*.
 */
describe('health links, from My Account to a reader, in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(LAYOUTS)('$name: make a link, open its QR elsewhere with the passcode, see who opened it', async (layout) => {
    const { client, email } = await signedInClient('shl-browser');
    const record = await client.post('/api/medical-records', medicalForm({ email }));
    expect(record.status).toBe(200);

    const owner = await openPage(browser, layout);
    await useSession(owner.context, client.cookies);
    await owner.page.goto(`${baseUrl()}/my-account`);
    const panel = owner.page.getByRole('region', { name: 'Share with a hospital' });
    await panel.getByLabel('Name of the link').fill('St Mary’s A&E');
    await panel.getByLabel('Works for').selectOption({ label: '30 days' });
    await panel.locator('input[name="passcode"]').fill(PASSCODE);
    await screenshot(owner.page, `shl-owner-form-${layout.name}`, { fullPage: false });
    await panel.getByRole('button', { name: 'Make a health link' }).click();
    await panel.getByRole('heading', { name: 'Your link “St Mary’s A&E” is ready' }).waitFor();
    await screenshot(owner.page, `shl-owner-created-${layout.name}`);

    const viewerUrl = await qrOnPage(owner.page, 'QR code of the health link “St Mary’s A&E”');
    expect(viewerUrl).toMatch(new RegExp(`^${baseUrl()}/shl#shlink:/[A-Za-z0-9_-]+$`));
    expect(await panel.getByTestId('health-link-url').textContent()).toBe(viewerUrl);

    // A reader elsewhere: a fresh browser, no session, its own address.
    const reader = await openPage(browser, layout);
    const sent: string[] = [];
    reader.page.on('request', (request) =>
      sent.push([request.url(), request.postData() ?? '', JSON.stringify(request.headers())].join(' ')),
    );
    await reader.page.goto(viewerUrl!);
    await reader.page.getByRole('heading', { level: 1, name: 'St Mary’s A&E' }).waitFor();
    await reader.page.getByLabel('Your name or organisation').fill(READER);
    await reader.page.getByLabel('Passcode', { exact: true }).fill('harbour-48');
    await screenshot(reader.page, `shl-viewer-passcode-${layout.name}`);
    await reader.page.getByRole('button', { name: 'Open the summary' }).click();
    await reader.page.getByText('Wrong passcode — 9 tries left').waitFor();
    expect(await reader.page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('password');
    await screenshot(reader.page, `shl-viewer-wrong-passcode-${layout.name}`);

    await reader.page.getByLabel('Passcode', { exact: true }).fill(PASSCODE);
    await reader.page.getByRole('button', { name: 'Open the summary' }).click();
    await reader.page.getByRole('heading', { level: 1, name: 'Imogen Vasquez-Thornbury' }).waitFor();
    const allergies = reader.page.getByRole('region', { name: 'Allergies' });
    expect(await allergies.getByRole('listitem').allTextContents()).toEqual(['Penicillin anaphylaxis', 'latex']);
    await screenshot(reader.page, `shl-viewer-summary-${layout.name}`);
    // The key stays in the reader's browser: the page's address keeps its fragment, which no request carried.
    expect(new URL(reader.page.url()).hash).toBe(new URL(viewerUrl!).hash);
    // No request the viewer made carried the payload or its key (in its address, body or headers), and so the
    // server's log holds neither.
    const payload = viewerUrl!.slice(viewerUrl!.indexOf('shlink:/') + 'shlink:/'.length);
    const { key } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { key: string };
    expect(sent.length).toBeGreaterThan(3);
    expect(sent.filter((request) => request.includes(payload) || request.includes(key))).toEqual([]);
    const serverLog = readFileSync(fileURLToPath(new URL('../../reports/logs/e2e.log', import.meta.url)), 'utf8');
    expect(serverLog.includes(payload) || serverLog.includes(key)).toBe(false);

    // The owner's open page hears of the access over the live socket.
    const list = panel.getByRole('list', { name: 'Your health links' });
    await list.getByText(READER).waitFor({ timeout: 10_000 });
    await list.getByText('Opened 1 time').waitFor();
    await screenshot(owner.page, `shl-owner-list-${layout.name}`);

    // A reader on another site, in a browser: CORS lets its page read the manifest. The other site is the local
    // stand-ins' server (another origin on this machine, so no private-network rule is in the way).
    // Its own browser, sending only what a browser sends (no test address header, which a preflight would not allow).
    const other = await openPage(browser, { ...layout, ownAddress: false });
    const elsewhere = other.page;
    await elsewhere.goto(`${process.env.E2E_TWILIO_API_URL}/dev/messages.json`);
    const manifestUrl = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { url: string }).url;
    const crossSite = await elsewhere.evaluate(
      async ({ url, passcode }) => {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ recipient: 'A reader elsewhere', passcode, embeddedLengthMax: 1_000_000 }),
        });
        const manifest = (await response.json()) as { files: Array<{ embedded?: string }> };
        return { status: response.status, embedded: manifest.files[0]?.embedded?.split('.').length };
      },
      { url: manifestUrl, passcode: PASSCODE },
    );
    expect(crossSite).toEqual({ status: 200, embedded: 5 });

    expect(unexpected(reader.errors)).toEqual([]);
    expect(owner.errors).toEqual([]);
    await Promise.all([owner.context.close(), reader.context.close(), other.context.close()]);
  });
});
