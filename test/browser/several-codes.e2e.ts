import type { Browser, Page } from 'playwright-core';
import { premiumClient } from '../billing/billing-fixtures.js';
import { medicalForm } from '../records/records-fixtures.js';
import { signedInClient } from '../support/accounts.js';
import { baseUrl } from '../support/api.js';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot, showIn, useSession } from '../support/browser.js';
import { HttpClient } from '../support/http-client.js';
import { sharedPaymentSystem } from '../support/stripe-payments.js';

/**
 * Premium's several codes in a real browser against the whole system: a second code with its own name and details,
 * both listed, switching between them shows each one's record, each card shows its own; a free account is offered no
 * second code. The screens are photographed at phone and desktop widths, light and dark
 * (reports/screenshots/several-codes-*.png).
 */

const codeList = (page: Page) => page.getByRole('region', { name: 'Your codes' });
const codeButton = (page: Page, name: string) => codeList(page).getByRole('button', { name: new RegExp(`^${name}`) });

/** The card the panel's code opens, read as a responder reads it. */
async function cardTextOf(page: Page, panelName: string): Promise<string> {
  const href = await page
    .getByRole('region', { name: panelName })
    .getByRole('link', { name: 'Open card' })
    .getAttribute('href');
  const card = await new HttpClient().get(`/api/emergency-card/${href!.split('/').pop()}`);
  return JSON.stringify(card.body);
}

describe('several codes in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lets a premium member add "Sam (child)" with other allergies, list both, switch between them, rename and delete one', async () => {
    const { client, email } = await premiumClient(sharedPaymentSystem(), 'several-codes');
    const first = await client.post('/api/medical-records', {
      ...medicalForm({ email, allergies: 'Penicillin' }),
      label: 'Me',
    });
    expect(first.status).toBe(200);

    const { page, errors, context } = await openPage(browser, { viewport: DESKTOP });
    await useSession(context, client.cookies);
    await page.goto(`${baseUrl()}/`);
    await screenshot(page, 'several-codes-one-code-1280-light');
    await codeButton(page, 'Me').waitFor();
    expect(await codeButton(page, 'Me').getAttribute('aria-pressed')).toBe('true');

    await codeList(page).getByRole('button', { name: 'Add another code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add another code' });
    await dialog.getByLabel('Name of the code').fill('Sam (child)');
    await screenshot(page, 'several-codes-add-dialog-1280-light', { fullPage: false });
    await dialog.getByRole('button', { name: 'Continue' }).click();

    // The new code's form: who to reach is kept, the person's details start empty, and focus is in its first field.
    await page.getByRole('heading', { name: 'New code: Sam (child)' }).waitFor();
    await screenshot(page, 'several-codes-new-code-1280-light', { fullPage: false });
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('firstName');
    expect(await page.getByLabel('Last name').inputValue()).toBe('Vasquez-Thornbury');
    expect(await page.getByLabel('Allergies').inputValue()).toBe('');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Bartholomew Quist');
    await page.getByRole('region', { name: '“Sam (child)” QR code' }).getByText('Not created yet').waitFor();
    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Blood group').selectOption('O+');
    await page.getByLabel('Allergies').fill('Peanuts');
    await page.getByRole('checkbox', { name: /I agree that Medical QR stores/ }).check();
    await page.getByRole('button', { name: 'Create QR Code' }).click();

    // Both listed by name; the new one is shown with its own details.
    await codeButton(page, 'Sam \\(child\\)').waitFor();
    expect(await codeButton(page, 'Sam \\(child\\)').getAttribute('aria-pressed')).toBe('true');
    expect(await codeButton(page, 'Me').getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByLabel('Allergies').inputValue()).toBe('Peanuts');
    expect(await page.getByLabel('First name').inputValue()).toBe('Sam');
    expect(await cardTextOf(page, '“Sam (child)” QR code')).toContain('Peanuts');

    await codeButton(page, 'Me').click();
    await page.getByRole('region', { name: '“Me” QR code' }).waitFor();
    await page.getByRole('heading', { name: 'Medical information for “Me”' }).waitFor();
    expect(await page.getByLabel('Allergies').inputValue()).toBe('Penicillin');
    expect(await page.getByLabel('First name').inputValue()).toBe('Imogen');
    const myCard = await cardTextOf(page, '“Me” QR code');
    expect(myCard).toContain('Penicillin');
    expect(myCard).not.toContain('Peanuts');

    // Editing one code's record leaves the other's alone.
    await page.getByLabel('Allergies').fill('Penicillin; wasp stings');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Changes saved', { exact: true }).waitFor();
    expect(await cardTextOf(page, '“Me” QR code')).toContain('wasp stings');
    await codeButton(page, 'Sam \\(child\\)').click();
    await page.getByRole('heading', { name: 'Medical information for “Sam (child)”' }).waitFor();
    expect(await page.getByLabel('Allergies').inputValue()).toBe('Peanuts');

    await showIn(page, DESKTOP, 'light');
    await codeButton(page, 'Me').waitFor();
    await screenshot(page, 'several-codes-dashboard-1280-light');
    for (const [viewport, scheme, name] of [
      [PHONE, 'light', 'several-codes-dashboard-390-light'],
      [PHONE, 'dark', 'several-codes-dashboard-390-dark'],
      [DESKTOP, 'dark', 'several-codes-dashboard-1280-dark'],
    ] as const) {
      await showIn(page, viewport, scheme);
      await codeButton(page, 'Me').waitFor();
      await screenshot(page, name);
      // What a phone shows first: the list and the chosen code's QR.
      if (viewport === PHONE) await screenshot(page, `${name}-first-screen`, { fullPage: false });
    }
    await showIn(page, DESKTOP, 'light');

    // Renamed in place; focus comes back to the rename button.
    await codeButton(page, 'Me').click();
    await codeList(page).getByRole('button', { name: 'Rename Me' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename this code' });
    await rename.getByLabel('Name of the code').fill('Me (Imogen)');
    await rename.getByRole('button', { name: 'Save name' }).click();
    await codeButton(page, 'Me \\(Imogen\\)').waitFor();
    await rename.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Rename Me (Imogen)');

    // Sam's code deleted with the usual confirmation: one code left, shown.
    await codeButton(page, 'Sam \\(child\\)').click();
    await page
      .getByRole('region', { name: '“Sam (child)” QR code' })
      .getByRole('button', { name: 'Delete QR Code' })
      .click();
    await page
      .getByRole('dialog', { name: 'Delete this QR code?' })
      .getByRole('button', { name: 'Delete QR Code' })
      .click();
    await page.getByRole('region', { name: '“Me (Imogen)” QR code' }).waitFor();
    expect(await codeList(page).getByRole('listitem').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers a free member no second code: one code, "Replace my code", no list and no "Add another code"', async () => {
    const { client, email } = await signedInClient('one-free-code');
    expect((await client.post('/api/medical-records', medicalForm({ email }))).status).toBe(200);
    const { page, errors, context } = await openPage(browser, { viewport: PHONE });
    await useSession(context, client.cookies);
    await page.goto(`${baseUrl()}/`);
    await page.getByRole('region', { name: 'Your current QR code' }).waitFor();
    await page.getByRole('button', { name: 'Replace my code' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add another code' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Your codes' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
