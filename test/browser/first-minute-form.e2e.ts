import type { Browser, Page } from 'playwright-core';
import { baseUrl } from '../support/api.js';
import { launchBrowser, openPage, PHONE } from '../support/browser.js';
import { uniqueEmail } from '../support/http-client.js';
import { decodeQr, pngFromDataUrl } from '../support/qr.js';

const UNREADABLE_ENTRY = 'This is only partly filled in. Finish it, or clear it.';

/** The form's required answers, as a visitor gives them. */
async function fillRequired(page: Page) {
  await page.getByLabel('First name').fill('Layla');
  await page.getByLabel('Last name').fill('Haddad');
  await page.getByLabel('Email').fill(uniqueEmail('layla'));
  await page.getByLabel('Blood group').selectOption('O-');
  await page.getByLabel('Allergies').fill('None known');
  await page.getByLabel('Medical conditions').fill('Atrial fibrillation');
  await page.getByLabel('Medications').fill('Warfarin 5 mg daily');
  if ((await page.getByLabel('Name', { exact: true }).count()) === 0) {
    await page.getByRole('button', { name: 'Add emergency contact' }).click();
  }
  await page.getByLabel('Name', { exact: true }).fill('Omar Haddad');
  await page.getByLabel('Phone', { exact: true }).fill('+44 7700 900456');
  await page.getByRole('checkbox', { name: /I agree that Medical QR stores/ }).check();
}

describe('the first-minute facts in the form, in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('refuses a date of birth typed halfway instead of sending none, then the card shows what was given', async () => {
    const { page, errors, context } = await openPage(browser, { viewport: PHONE });
    await page.goto(baseUrl());
    await fillRequired(page);

    // Only the month typed: the browser reads the field as empty, which would silently drop the date.
    const dateOfBirth = page.getByLabel('Date of birth');
    await dateOfBirth.click();
    await page.keyboard.type('03');
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    await page.getByText(UNREADABLE_ENTRY).waitFor();
    expect(await dateOfBirth.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await page.getByAltText('QR code that opens your emergency card').count()).toBe(0);

    await dateOfBirth.fill('1979-03-14');
    await page.getByRole('group', { name: 'Resuscitation' }).getByText('Do not resuscitate (DNR)').click();
    await page.getByRole('group', { name: 'Interpreter needed' }).getByText('Yes', { exact: true }).click();
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    await page.getByAltText('QR code that opens your emergency card').waitFor();
    expect(await page.getByText(UNREADABLE_ENTRY).count()).toBe(0);

    // The card the new code opens, read off its QR image.
    const qr = await page.getByAltText('QR code that opens your emergency card').getAttribute('src');
    const responder = await openPage(browser, { viewport: PHONE });
    await responder.page.goto(decodeQr(pngFromDataUrl(qr!))!);
    for (const shown of ['Do not resuscitate (DNR)', 'Takes a blood thinner', 'Interpreter needed']) {
      await responder.page.getByText(shown, { exact: false }).first().waitFor();
    }
    expect(await responder.page.getByText(/^Age \d+$/).count()).toBe(1);
    expect(await responder.page.content()).not.toContain('1979-03-14');
    await responder.context.close();
    expect(errors).toEqual([]);
    await context.close();
  });
});
