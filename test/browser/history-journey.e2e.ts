import { readFileSync } from 'node:fs';
import type { MedicalFormInput } from '@medical-qr/contracts';
import type { Browser, Page } from 'playwright-core';
import { waitForPremium } from '../billing/billing-fixtures.js';
import { CODE_CONFIRMATION_SUBJECT, medicalForm } from '../records/records-fixtures.js';
import { signedInClient } from '../support/accounts.js';
import { baseUrl } from '../support/api.js';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot, showIn, useSession } from '../support/browser.js';
import { HttpClient, waitForMailLink } from '../support/http-client.js';
import { pdfPage } from '../support/pdf.js';
import { decodeQrWithZbar } from '../support/qr.js';
import { subscribeWithCard } from '../support/stripe-payments.js';

/** Makes a code on the home page, as a visitor does (no contacts). */
async function makeCodeOnHome(page: Page, form: MedicalFormInput) {
  await page.getByLabel('First name').fill(form.firstName);
  await page.getByLabel('Last name').fill(form.lastName);
  await page.getByLabel('Email').fill(form.email);
  await page.getByLabel('Blood group').selectOption('AB-');
  await page.getByRole('checkbox', { name: /I agree that Medical QR stores/ }).check();
  await page.getByRole('button', { name: 'Generate QR Code' }).click();
  await page.getByAltText('QR code that opens your emergency card').waitFor();
}

/**
 * "Your QR Code History" in Chromium: a member's codes from the server (the replaced one Inactive, the active one
 * opened by ?expand=active, its link copied and opened, then deleted after asking), and a visitor's from this browser
 * (Clear History). Screenshots: reports/screenshots/history-*.png at phone and desktop, light and dark.
 */
describe('QR code history in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("opens a member's active code from ?expand=active, copies its link, prints its wallet card, and deletes it after asking", async () => {
    const { client, email } = await signedInClient('history-journey');
    const first = await client.post('/api/medical-records', medicalForm({ email }));
    const second = await client.post('/api/medical-records', medicalForm({ email, allergies: 'Sesame' }));
    expect([first.status, second.status]).toEqual([200, 200]);

    const { page, errors, context } = await openPage(browser, { viewport: PHONE });
    await useSession(context, client.cookies);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await page.goto(`${baseUrl()}/history?expand=active`);

    const active = page.getByRole('article', { name: 'QR code #2' });
    const replaced = page.getByRole('article', { name: 'QR code #1' });
    await active.getByRole('button', { name: 'Hide Details' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('QR code #2');
    await active.getByText('Bartholomew Quist').waitFor();
    expect(await active.getByText('Active', { exact: true }).count()).toBe(1);
    expect(await replaced.getByText('Inactive', { exact: true }).count()).toBe(1);
    expect(await active.textContent()).toContain(`Code ${second.body.token.slice(0, 8)}`);
    expect(await replaced.getByRole('button', { name: 'Copy Link' }).count()).toBe(0);

    for (const viewport of [PHONE, DESKTOP]) {
      for (const scheme of ['light', 'dark'] as const) {
        await showIn(page, viewport, scheme);
        await active.getByRole('button', { name: 'Hide Details' }).waitFor();
        await screenshot(page, `history-member-${viewport.width}-${scheme}`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect({ viewport: viewport.width, overflow }).toEqual({ viewport: viewport.width, overflow: 0 });
      }
    }

    await active.getByRole('button', { name: 'Copy Link' }).click();
    await page.getByText('Link copied', { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(second.body.cardUrl);

    // The wallet card, made by the server: one printed sheet whose QR opens this code's card, beside a second code
    // that reads without internet.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      active.getByRole('button', { name: 'Wallet card (A4)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('emergency-wallet-card-a4.pdf');
    const sheet = pdfPage(readFileSync((await download.path())!), 200);
    expect(sheet.pages).toBe(1);
    expect(sheet.text).toContain('Bartholomew Quist');
    expect(sheet.text).toContain('Blood group AB-');
    const codes = decodeQrWithZbar(sheet.png).split('\n');
    expect(codes).toContain(second.body.cardUrl);
    expect(codes).toContain('EMERGENCY MEDICAL ID');
    // The Letter sheet under a name of its own, so the two never overwrite each other in Downloads.
    const [letter] = await Promise.all([
      page.waitForEvent('download'),
      active.getByRole('button', { name: 'Wallet card (Letter)' }).click(),
    ]);
    expect(letter.suggestedFilename()).toBe('emergency-wallet-card-letter.pdf');

    await active.getByRole('button', { name: 'Delete QR Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this QR code?' });
    await dialog.getByRole('button', { name: 'Delete QR Code' }).click();
    await page.getByText('QR code deleted', { exact: true }).waitFor();
    await active.waitFor({ state: 'detached' });
    // The list is the server's again: the replaced code alone, still #1.
    await replaced.getByText('Inactive', { exact: true }).waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
    expect((await new HttpClient().get(`/api/emergency/${second.body.token}`)).status).toBe(404);

    // The old code's link was replaced: it is history, not a way to the card.
    expect(await replaced.getByRole('link', { name: 'View when QR Scanned' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a long history 20 codes at a time: Show more brings the rest, numbered from the oldest', async () => {
    const { client, email } = await signedInClient('history-show-more');
    // Two free codes (the first replaced), then premium and 19 more: 21 in all, 20 of them active.
    for (let index = 0; index < 2; index++)
      expect((await client.post('/api/medical-records', medicalForm({ email }))).status).toBe(200);
    const { confirmation } = await subscribeWithCard(client);
    expect(confirmation.status).toBe(200);
    await waitForPremium(client);
    for (let index = 0; index < 19; index++)
      expect((await client.post('/api/medical-records', medicalForm({ email }))).status).toBe(200);

    const { page, errors, context } = await openPage(browser, { viewport: PHONE });
    await useSession(context, client.cookies);
    await page.goto(`${baseUrl()}/history`);
    await page.getByRole('article', { name: 'QR code #21' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(20);
    const showMore = page.getByRole('button', { name: 'Show more' });
    for (const viewport of [PHONE, DESKTOP]) {
      for (const scheme of ['light', 'dark'] as const) {
        await showIn(page, viewport, scheme);
        // The end of the list, where Show more is (the whole page is 20 codes long).
        await showMore.scrollIntoViewIfNeeded();
        await screenshot(page, `history-show-more-${viewport.width}-${scheme}`, { fullPage: false });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect({ viewport: viewport.width, overflow }).toEqual({ viewport: viewport.width, overflow: 0 });
      }
    }
    await showMore.click();
    const oldest = page.getByRole('article', { name: 'QR code #1' });
    await oldest.getByText('Inactive', { exact: true }).waitFor();
    expect(await page.getByRole('article').count()).toBe(21);
    expect(await showMore.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("opens a member's card from View when QR Scanned", async () => {
    const { client, email } = await signedInClient('history-view');
    const created = await client.post('/api/medical-records', medicalForm({ email }));
    const { page, errors, context } = await openPage(browser, { viewport: DESKTOP });
    await useSession(context, client.cookies);
    await page.goto(`${baseUrl()}/history`);
    await page.getByRole('link', { name: 'View when QR Scanned' }).click();
    await page.waitForURL(created.body.cardUrl);
    await page.getByText('AB-', { exact: true }).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a visitor the code made in this browser, then Clear History forgets it; without one, Access Denied', async () => {
    const { page, errors, context } = await openPage(browser, { viewport: PHONE });
    await page.goto(`${baseUrl()}/history`);
    await page.getByRole('heading', { level: 1, name: 'Access Denied' }).waitFor();

    // Made on the home page, as a visitor makes it.
    await page.goto(baseUrl());
    const form = medicalForm();
    await makeCodeOnHome(page, form);

    await page.goto(`${baseUrl()}/history`);
    const entry = page.getByRole('article', { name: 'QR code #1' });
    await entry.getByText('Active', { exact: true }).waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await showIn(page, PHONE, scheme);
      await entry.waitFor();
      await screenshot(page, `history-visitor-390-${scheme}`);
    }
    await page.getByRole('button', { name: 'Clear History' }).click();
    await page
      .getByRole('dialog', { name: "Clear this browser's history?" })
      .getByRole('button', { name: 'Clear History' })
      .click();
    await page.getByText('No QR codes yet').waitFor();
    await screenshot(page, 'history-empty-390-dark');
    expect(await page.evaluate(() => localStorage.getItem('medical-qr-history'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('claims the code a visitor made and confirmed once they create an account with that email and verify it: it shows in their history', async () => {
    const { page, errors, context } = await openPage(browser, { viewport: DESKTOP });
    const form = medicalForm();
    await page.goto(baseUrl());
    await makeCodeOnHome(page, form);
    // Only a code whose maker proved the email joins that email's account: the visitor follows the mailed link.
    await page.goto(await waitForMailLink(form.email, CODE_CONFIRMATION_SUBJECT));
    await page.getByRole('heading', { level: 1, name: 'Email confirmed' }).waitFor();
    // The link works once, so the page is looked at in each size and scheme without reloading it.
    for (const viewport of [PHONE, DESKTOP]) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: scheme });
        await screenshot(page, `code-email-confirmed-${viewport.width}-${scheme}`);
      }
    }
    // Opened again (elsewhere: its refusal is a failed request on the console), the used link says so.
    const again = await openPage(browser, { viewport: PHONE, colorScheme: 'dark' });
    await again.page.goto(page.url());
    await again.page.getByText("This confirmation link was already used: the code's email is confirmed.").waitFor();
    await screenshot(again.page, 'code-email-used-390-dark');
    await again.context.close();

    const registered = await new HttpClient().post('/api/auth/register', {
      firstName: form.firstName,
      lastName: form.lastName,
      email: form.email,
      password: 'claimed-code-1',
    });
    expect(registered.status).toBe(201);
    await page.goto(await waitForMailLink(form.email, /Confirm your email/));
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Email verified. You can sign in now.').waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill('claimed-code-1');
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`${baseUrl()}/history`);
    const claimed = page.getByRole('article', { name: 'QR code #1' });
    await claimed.getByText('Active', { exact: true }).waitFor();
    await claimed.getByRole('button', { name: 'Show Details' }).click();
    // Made on the home page without contacts.
    await claimed.getByText('No emergency contacts found for this record.').waitFor();
    expect(await page.getByText('Every code you have made, newest first.').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
