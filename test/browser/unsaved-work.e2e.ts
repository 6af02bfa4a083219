import type { Browser, Page } from 'playwright-core';
import { MEDICAL_TEXT_LIMITS } from '@medical-qr/contracts';
import { signedInClient } from '../support/accounts.js';
import { baseUrl } from '../support/api.js';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot, useSession } from '../support/browser.js';
import { HttpClient } from '../support/http-client.js';
import { medicalForm } from '../records/records-fixtures.js';

const PASSWORD = 'member-pass';

/** An account with one code, and a browser context signed in to it. */
async function memberWithCode(browser: Browser, label: string, viewport = DESKTOP) {
  const { client, email } = await signedInClient(label, PASSWORD);
  const record = (await client.post('/api/medical-records', medicalForm())).body as { id: string; token: string };
  const { context, page, errors } = await openPage(browser, { viewport });
  await useSession(context, client.cookies);
  return { client, email, record, context, page, errors };
}

async function openDashboard(page: Page) {
  await page.goto(baseUrl());
  await page.getByRole('button', { name: 'Save changes' }).waitFor();
}

/**
 * Two tabs open the same record; the first saves a new medication, then the second (still showing what it opened)
 * saves an allergy: answers that second tab and its conflict panel.
 */
async function crossedSaves(browser: Browser, label: string, viewport = DESKTOP) {
  const member = await memberWithCode(browser, label, viewport);
  const second = await member.context.newPage();
  await openDashboard(member.page);
  await openDashboard(second);
  await member.page.getByLabel('Medications').fill('Warfarin 5 mg');
  await member.page.getByRole('button', { name: 'Save changes' }).click();
  await member.page.getByText('Changes saved').first().waitFor();

  await second.getByLabel('Allergies').fill('Bee stings');
  await second.getByRole('button', { name: 'Save changes' }).click();
  const conflict = second.getByRole('region', { name: 'Not saved: this record changed elsewhere' });
  await conflict.waitFor();
  return { ...member, second, conflict };
}

const cardOf = async (token: string) => (await new HttpClient().get(`/api/emergency-card/${token}`)).body;

describe('nothing a person writes is lost', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('two tabs: a save from the older tab is shown as a choice, never saved over the newer one', async () => {
    // The second tab still shows what it opened; its save must not undo the medication.
    const { record, second, conflict, errors } = await crossedSaves(browser, 'two-tabs');
    expect(await conflict.textContent()).toContain('Saved: Warfarin 5 mg');
    expect(await conflict.textContent()).toContain('Yours: Bee stings');
    expect(await second.getByLabel('Allergies').inputValue()).toBe('Bee stings');
    expect(await cardOf(record.token)).toMatchObject({ medications: 'Warfarin 5 mg' });
    await screenshot(second, 'edit-conflict-desktop-light', { fullPage: false });

    // Taking the saved version brings the medication into the form; the allergy is added again and both stay.
    await conflict.getByRole('button', { name: 'Use the saved version' }).click();
    expect(await second.getByLabel('Medications').inputValue()).toBe('Warfarin 5 mg');
    await second.getByLabel('Allergies').fill('Bee stings');
    await second.getByRole('button', { name: 'Save changes' }).click();
    await second.getByText('Changes saved').first().waitFor();
    expect(await cardOf(record.token)).toMatchObject({ medications: 'Warfarin 5 mg', allergies: 'Bee stings' });
    expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
  });

  it('two tabs: keeping my changes saves them over the newer version, by choice', async () => {
    const { record, second, conflict } = await crossedSaves(browser, 'keep-mine', PHONE);
    await screenshot(second, 'edit-conflict-phone-light', { fullPage: false });
    await second.emulateMedia({ colorScheme: 'dark' });
    await screenshot(second, 'edit-conflict-phone-dark', { fullPage: false });
    await conflict.getByRole('button', { name: 'Keep my changes' }).click();
    await second.getByText('Changes saved').first().waitFor();
    await conflict.waitFor({ state: 'detached' });
    expect(await cardOf(record.token)).toMatchObject({ allergies: 'Bee stings' });
  });

  it('a session ended in another tab: the form stays, sign-in happens over it, then the save goes through', async () => {
    const { email, record, context, page, errors } = await memberWithCode(browser, 'session-ended', PHONE);
    await openDashboard(page);
    await page.getByLabel('Allergies').fill('Latex, shellfish');

    // Signed out elsewhere (another tab of the same browser).
    const other = await context.newPage();
    await other.goto(baseUrl());
    expect((await other.request.post(`${baseUrl()}/api/auth/logout`)).status()).toBeLessThan(300);

    await page.getByRole('button', { name: 'Save changes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome to Medical QR' });
    await dialog.getByText(/Your session ended, so your changes are not saved yet/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await screenshot(page, 'session-ended-sign-in-phone-light', { fullPage: false });
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'session-ended-sign-in-phone-dark', { fullPage: false });

    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Changes saved').first().waitFor();
    expect(await page.getByLabel('Allergies').inputValue()).toBe('Latex, shellfish');
    expect(await cardOf(record.token)).toMatchObject({ allergies: 'Latex, shellfish' });
    expect(page.url()).toBe(`${baseUrl()}/`);
    expect(errors.filter((error) => !/status of 401/.test(error))).toEqual([]);
  });

  it('a pasted text over a limit is kept whole, counted, and refused rather than cut', async () => {
    const { record, page } = await memberWithCode(browser, 'long-paste', PHONE);
    await openDashboard(page);
    const limit = MEDICAL_TEXT_LIMITS.allergies;
    const pasted = Array.from({ length: 200 }, (_, i) => `Peanuts ${i}`).join(', ');
    expect(pasted.length).toBeGreaterThan(limit);
    const allergies = page.getByLabel('Allergies');
    await allergies.fill('');
    await allergies.focus();
    // As a paste arrives: text inserted by the browser (a maxLength would cut it here).
    await page.evaluate((text) => document.execCommand('insertText', false, text), pasted);

    expect((await allergies.inputValue()).length).toBe(pasted.length);
    const over = pasted.length - limit;
    const counter = page.getByTestId('character-count');
    expect(await counter.textContent()).toBe(
      `${pasted.length.toLocaleString('en-US')} / ${limit.toLocaleString('en-US')} · ${over} too many`,
    );
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(`At most ${limit} characters`).waitFor();
    await screenshot(page, 'allergies-over-limit-phone-light', { fullPage: false });
    expect(await cardOf(record.token)).toMatchObject({ allergies: 'Penicillin anaphylaxis; latex' });
  });
});
