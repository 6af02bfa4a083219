import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { medicalForm } from '../records/records-fixtures.js';
import { signedInClient } from '../support/accounts.js';
import { baseUrl } from '../support/api.js';
import { DESKTOP, launchBrowser, openPage, screenshot, useSession } from '../support/browser.js';
import { eventually } from '../support/eventually.js';
import { HttpClient, mailTo } from '../support/http-client.js';

const PASSWORD = 'privacy-journey-1';

/**
 * Privacy controls in a real browser against the whole system: the export downloaded and read back, a deletion
 * scheduled and cancelled, then everything deleted now, which signs the person out and stops their card.
 */
describe('privacy controls in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('exports, schedules and cancels a deletion, then deletes everything now', async () => {
    const { client, email } = await signedInClient('privacy-journey', PASSWORD);
    const record = await client.post('/api/medical-records', medicalForm({ email }));
    expect(record.status).toBe(200);
    const { page, errors, context } = await openPage(browser, { viewport: DESKTOP });
    await useSession(context, client.cookies);
    await page.goto(`${baseUrl()}/privacy`);
    await page.getByRole('heading', { level: 2, name: 'Account status' }).waitFor();

    // Export: confirmed, then the server asks who it is; the file downloads once the password is given.
    await page.getByRole('button', { name: 'Export My Data' }).click();
    await page.getByRole('dialog', { name: 'Download your data?' }).getByRole('button', { name: 'Download' }).click();
    const reauth = page.getByRole('dialog', { name: "Confirm it's you" });
    await reauth.getByLabel('Password', { exact: true }).fill(PASSWORD);
    const download = page.waitForEvent('download');
    await reauth.getByRole('button', { name: 'Verify' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`medical-data-export-${new Date().toISOString().slice(0, 10)}.json`);
    const exported = JSON.parse(readFileSync((await file.path())!, 'utf8'));
    expect(exported.account.email).toBe(email);
    expect(exported.records.records[0].allergies).toBe('Penicillin anaphylaxis; latex');
    expect(exported.internationalPatientSummary).toMatchObject({ resourceType: 'Bundle', type: 'document' });
    await page.getByText('Data exported successfully', { exact: true }).waitFor();

    // A deletion 30 days out, then cancelled (the re-authentication still counts: no second prompt).
    const deleteCard = page.getByRole('region', { name: 'Delete all your data' });
    await deleteCard.getByLabel(/Why are you deleting your data/).fill('Trying the controls');
    await deleteCard.getByRole('button', { name: 'Delete all my data' }).click();
    await page
      .getByRole('dialog', { name: 'Delete all your data?' })
      .getByRole('button', { name: 'Schedule deletion' })
      .click();
    const status = page.getByRole('region', { name: 'Account status' });
    await status.getByText('Deletion Pending', { exact: true }).waitFor();
    await status.getByText('Trying the controls', { exact: true }).waitFor();
    await screenshot(page, 'privacy-deletion-pending-desktop-light');
    await status.getByRole('button', { name: 'Cancel Deletion Request' }).click();
    await status.getByText('Deletion Cancelled', { exact: true }).waitFor();

    // Everything now: said, then signed out and home; the card no longer opens.
    await deleteCard.getByRole('checkbox', { name: /Delete everything now instead/ }).check();
    await deleteCard.getByRole('button', { name: 'Delete all my data now' }).click();
    const deleteNow = page.getByRole('dialog', { name: 'Delete all your data now?' });
    // The dialog says what happens beyond the data: the subscription, the orders.
    await deleteNow.getByText(/Any premium subscription is cancelled, so nothing more is charged\./).waitFor();
    await deleteNow.getByText(/Past orders are kept for our accounts, without your name, email or address\./).waitFor();
    await deleteNow.getByRole('button', { name: 'Delete now' }).click();
    await page.getByText('Your data is being deleted', { exact: true }).waitFor();
    // Signed out onto a page that says it is done, and a last mail to the address says so too.
    await page.waitForURL(`${baseUrl()}/account-deleted`, { timeout: 15_000 });
    await page.getByRole('heading', { level: 1, name: 'Your account and data were deleted' }).waitFor();
    await page.getByText('A last mail confirming it went to your address. We send it nothing more.').waitFor();
    await screenshot(page, 'privacy-account-deleted-desktop-light');
    await eventually(
      () => mailTo(email),
      (mails) => mails.some((mail) => mail.subject === 'Your Medical QR account was deleted'),
      30_000,
    );
    await eventually(
      async () => (await new HttpClient().get(`/api/emergency-card/${record.body.token}`)).status,
      (code) => code === 404,
      30_000,
    );
    expect((await client.get('/api/auth/user')).status).toBe(401);
    expect(errors.filter((error) => !/status of 40[13]/.test(error))).toEqual([]);
    await context.close();
  }, 120_000);
});
