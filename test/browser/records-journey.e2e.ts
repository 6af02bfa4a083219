import { readFileSync } from 'node:fs';
import { RecordsMessages } from '@medical-qr/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signedInClient } from '../support/accounts.js';
import { baseUrl } from '../support/api.js';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot } from '../support/browser.js';
import { HttpClient, uniqueEmail } from '../support/http-client.js';
import { decodeQr, decodeQrWithZbar } from '../support/qr.js';
import { confirmCodeEmail, medicalForm } from '../records/records-fixtures.js';

/** The sign-in dialog opened on Create Account with `email` filled in; closed again. */
async function expectCreateAccountFor(page: Page, email: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Create Account', selected: true }).waitFor();
  expect(await dialog.getByLabel('Email').inputValue()).toBe(email);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

async function fillMedicalForm(page: Page, email: string | undefined, allergies: string) {
  if (email !== undefined) {
    await page.getByLabel('First name').fill('Imogen');
    await page.getByLabel('Last name').fill('Vasquez');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone number').fill('+44 20 7946 0958');
  }
  await page.getByLabel('Blood group').selectOption('AB-');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Allergies').fill(allergies);
  await page.getByLabel('Medical conditions').fill('Type 1 diabetes');
  await page.getByRole('group', { name: 'Organ donor' }).getByText('Yes', { exact: true }).click();
  if ((await page.getByLabel('Name', { exact: true }).count()) === 0) {
    await page.getByRole('button', { name: 'Add emergency contact' }).click();
  }
  await page.getByLabel('Name', { exact: true }).fill('Bart Quist');
  await page.getByLabel('Phone', { exact: true }).fill('+44 7700 900123');
  await page.getByLabel('Relationship').fill('Brother');
  await page.getByRole('checkbox', { name: /I agree that Medical QR stores/ }).check();
}

/** Opens a card and checks a responder sees every field. */
async function expectFullCard(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole('heading', { name: 'Imogen Vasquez', level: 1 }).waitFor();
  for (const text of [
    'AB-',
    'Penicillin',
    'Type 1 diabetes',
    'Female',
    'Bart Quist',
    'Brother',
    '+44 7700 900123',
    '+44 20 7946 0958',
  ]) {
    await page.getByText(text, { exact: true }).first().waitFor();
  }
  expect(await page.getByRole('link', { name: 'Call Bart Quist' }).getAttribute('href')).toBe('tel:+447700900123');
  expect(await page.getByRole('link', { name: 'Send a text message to Bart Quist' }).getAttribute('href')).toBe(
    'sms:+447700900123',
  );
  await page.getByRole('button', { name: 'Print' }).waitFor();
  await page.getByRole('link', { name: 'Create Your Own Medical Card' }).waitFor();
}

describe('medical records in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a code anonymously, downloads the PNG, and the decoded URL opens the full card', async () => {
    const { page, errors, context } = await openPage(browser, { viewport: PHONE });
    await page.goto(baseUrl());
    await fillMedicalForm(page, uniqueEmail('imogen'), 'Penicillin');
    await screenshot(page, 'home-form-phone-light');
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    await page.getByAltText('QR code that opens your emergency card').waitFor();
    await screenshot(page, 'home-qr-phone-light');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('emergency-qr-code.png');
    const png = readFileSync((await download.path())!);
    const url = decodeQr(png)!;
    expect(url).toMatch(new RegExp(`^${baseUrl()}/emergency/[A-Za-z0-9_-]{22}$`));
    expect(decodeQrWithZbar(png)).toBe(url);

    // The code is remembered in this browser's history, newest first.
    const history = await page.evaluate(() => JSON.parse(localStorage.getItem('medical-qr-history') ?? '[]'));
    expect(history[0].id).toBe(url.split('/').pop());

    const responder = await openPage(browser, { viewport: PHONE, colorScheme: 'dark' });
    await expectFullCard(responder.page, url);
    await screenshot(responder.page, 'card-phone-dark');
    await responder.page.emulateMedia({ colorScheme: 'light' });
    await responder.page.reload();
    await responder.page.getByText('Penicillin').waitFor();
    await screenshot(responder.page, 'card-phone-light');
    expect(responder.errors).toEqual([]);
    await responder.context.close();

    for (const [viewport, scheme, name] of [
      [DESKTOP, 'light', 'card-desktop-light'],
      [DESKTOP, 'dark', 'card-desktop-dark'],
    ] as const) {
      const view = await openPage(browser, { viewport, colorScheme: scheme });
      await view.page.goto(url);
      await view.page.getByText('Penicillin').waitFor();
      await screenshot(view.page, name);
      await view.context.close();
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a visitor's new code says it lasts 2 days and offers an account; an email with an active code is no dead end", async () => {
    const email = uniqueEmail('visitor-offer');
    const { page, errors, context } = await openPage(browser, { viewport: PHONE });
    await page.goto(baseUrl());
    await fillMedicalForm(page, email, 'Penicillin');
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    const ready = page.getByRole('region', { name: 'Your QR code is ready' });
    await ready.getByText('This free code lasts 2 days').waitFor();
    expect(await ready.textContent()).toContain(`Create a free account with ${email} and it lasts 10 days`);
    await ready.getByRole('button', { name: 'Create a free account' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'home-qr-offer-phone-light', { fullPage: false });
    await ready.getByRole('button', { name: 'Create a free account' }).click();
    await expectCreateAccountFor(page, email);

    // Once its maker proved the email, the code is that email's one free code: a second try is refused, with ways in.
    await confirmCodeEmail(email);
    await ready.getByRole('button', { name: 'Create another code' }).click();
    await fillMedicalForm(page, email, 'Penicillin');
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    const emailField = page.getByLabel('Email');
    await page.waitForFunction(
      (field) => field?.getAttribute('aria-invalid') === 'true',
      await emailField.elementHandle(),
    );
    await page.getByText(RecordsMessages.anonymousActiveExists).waitFor();
    await screenshot(page, 'home-email-taken-phone-light', { fullPage: false });
    await page.getByRole('button', { name: 'Create an account with this email' }).click();
    await expectCreateAccountFor(page, email);
    await screenshot(page, 'home-email-taken-phone-light-after', { fullPage: false });

    // After a reload the code is this browser's remembered one: the offer stays, without the email it cannot know.
    for (const [viewport, scheme, name] of [
      [PHONE, 'dark', 'phone-dark'],
      [DESKTOP, 'light', 'desktop-light'],
      [DESKTOP, 'dark', 'desktop-dark'],
    ] as const) {
      await showIn(page, viewport, scheme);
      await page.getByText('This free code lasts 2 days').waitFor();
      await page.getByRole('button', { name: 'Create a free account' }).scrollIntoViewIfNeeded();
      await screenshot(page, `home-qr-offer-${name}`, { fullPage: false });
    }
    expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
    await context.close();
  });

  it('says "Medical Card Not Found" for an unknown card', async () => {
    const { page, context } = await openPage(browser, { viewport: PHONE });
    await page.goto(`${baseUrl()}/emergency/AAAAAAAAAAAAAAAAAAAAAA`);
    await page.getByRole('heading', { name: 'Medical Card Not Found' }).waitFor();
    await page.getByText('This emergency medical card could not be found or may have expired.').waitFor();
    await screenshot(page, 'card-not-found-phone-light');
    await context.close();
  });

  it('signed in, consent revoked: the dashboard says the code is hidden from responders, and how to show it again', async () => {
    const { client, email } = await signedInClient('consent-hidden', 'consent-pass');
    expect((await client.post('/api/medical-records', medicalForm({ email }))).status).toBeLessThan(300);
    // Revoking asks who it is first, as the privacy screen's dialog does.
    expect((await client.post('/api/auth/verify-password', { email, password: 'consent-pass' })).status).toBe(200);
    expect((await client.post('/api/privacy/revoke-consent', { reason: '' })).status).toBe(200);
    const { page, errors, context } = await openPage(browser, { viewport: PHONE });
    await signInWithCookies(context, client.cookies);
    await page.goto(baseUrl());
    const panel = page.getByRole('region', { name: 'Your current QR code' });
    await panel.getByAltText('QR code that opens your emergency card').waitFor();
    await screenshot(page, 'dashboard-consent-hidden-before');
    const banner = page.getByRole('alert').filter({ hasText: 'Hidden from responders since' });
    await banner.waitFor({ timeout: 5000 });
    expect(await banner.getByRole('link', { name: 'Give consent again' }).getAttribute('href')).toBe('/privacy');
    // The code's panel says so too: its downloads open a card that shows nothing while consent is withdrawn.
    await panel.getByText('Hidden from responders', { exact: true }).waitFor();
    expect(await panel.getByText(/Valid until|Never expires/).count()).toBe(0);
    expect(await panel.textContent()).toContain('Scanning it or its downloads shows "not found"');
    for (const [viewport, scheme, name] of [
      [PHONE, 'light', 'phone-light'],
      [PHONE, 'dark', 'phone-dark'],
      [DESKTOP, 'light', 'desktop-light'],
      [DESKTOP, 'dark', 'desktop-dark'],
    ] as const) {
      await showIn(page, viewport, scheme);
      await banner.waitFor();
      await screenshot(page, `dashboard-consent-hidden-${name}`, { fullPage: false });
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signed in: saving an edit keeps the printed code, Replace my code asks first, Delete removes it', async () => {
    const { client } = await signedInClient('dashboard');
    const { page, errors, context } = await openPage(browser, { viewport: DESKTOP });
    await signInWithCookies(context, client.cookies);
    await page.goto(baseUrl());
    // The form starts from the account's own details.
    await page.waitForFunction(
      () => (document.querySelector('input[autocomplete="given-name"]') as HTMLInputElement | null)?.value === 'Amara',
      undefined,
      { timeout: 10_000 },
    );
    await page.getByLabel('First name').fill('Imogen');
    await page.getByLabel('Last name').fill('Vasquez');
    await page.getByLabel('Phone number').fill('+44 20 7946 0958');
    await fillMedicalForm(page, undefined, 'Penicillin');
    await page.getByLabel('Medications').fill('Levothyroxine 75 mcg each morning');
    await page.getByRole('button', { name: 'Create QR Code' }).click();
    const qr = page.getByAltText('QR code that opens your emergency card');
    await qr.waitFor();
    const firstSource = await qr.getAttribute('src');
    const [original] = (await client.get('/api/medical-records')).body.records as Array<{
      token: string;
      cardUrl: string;
    }>;

    // Edit and save: the same code, so what was printed keeps working.
    await page.getByLabel('Allergies').fill('Penicillin, sulfa drugs');
    await page.getByLabel('Devices and implants').fill('Pacemaker, left chest');
    await page.getByLabel('Care directives').fill('DNR: document in wallet');
    expect(await page.getByRole('checkbox', { name: /I agree that Medical QR stores/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page
      .getByText('Your card shows them now. Your QR code and its printed copies keep working.', { exact: true })
      .waitFor();
    expect(await qr.getAttribute('src')).toBe(firstSource);
    const records = (await client.get('/api/medical-records')).body.records as Array<{
      token: string;
      isActive: boolean;
    }>;
    expect(records.map((r) => [r.token, r.isActive])).toEqual([[original!.token, true]]);

    const responder = await openPage(browser, { viewport: PHONE });
    const opened = await responder.page.goto(original!.cardUrl);
    expect(opened?.status()).toBe(200);
    // "sulfa drugs" names a listed term: the card shows it by the term's name.
    await responder.page.getByText('Penicillin, Sulfonamides').first().waitFor();
    await responder.context.close();
    const card = (await new HttpClient().get(`/api/emergency-card/${original!.token}`)).body;
    expect(card).toMatchObject({ devices: 'Pacemaker, left chest', careDirectives: 'DNR: document in wallet' });

    for (const [viewport, scheme, name] of [
      [DESKTOP, 'light', 'dashboard-desktop-light'],
      [PHONE, 'light', 'dashboard-phone-light'],
      [PHONE, 'dark', 'dashboard-phone-dark'],
      [DESKTOP, 'dark', 'dashboard-desktop-dark'],
    ] as const) {
      await showIn(page, viewport, scheme);
      await qr.waitFor();
      await screenshot(page, name);
      await page.getByRole('button', { name: 'Replace my code' }).click();
      await page.getByRole('dialog', { name: 'Replace your QR code?' }).waitFor();
      await screenshot(page, `${name.replace('dashboard', 'dialog-replace-code')}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }

    // Replace my code: a new token, and the old printed code stops working.
    await page.getByRole('button', { name: 'Replace my code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Replace your QR code?' });
    await dialog.getByText('keychains, wallet cards, stickers and lock-screen images', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Replace code' }).click();
    await page.waitForFunction(
      (previous) =>
        document.querySelector('img[alt="QR code that opens your emergency card"]')?.getAttribute('src') !== previous,
      firstSource,
    );
    // The new code is announced: focus on its panel's heading.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Your current QR code');
    // The list gives summaries; each code's facts come from its own record.
    const summaries = (await client.get('/api/medical-records')).body.records as Array<{ id: string }>;
    const afterReplace = await Promise.all(
      summaries.map(
        async ({ id }) =>
          (await client.get(`/api/medical-records/${id}`)).body as {
            token: string;
            isActive: boolean;
            allergies: string;
          },
      ),
    );
    expect(afterReplace.map((r) => [r.isActive, r.allergies])).toEqual([
      [true, 'Penicillin, sulfa drugs'],
      [false, 'Penicillin, sulfa drugs'],
    ]);
    expect(afterReplace[0]!.token).not.toBe(original!.token);
    expect((await new HttpClient().get(`/api/emergency-card/${original!.token}`)).status).toBe(410);

    await page.getByRole('button', { name: 'Delete QR Code' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete QR Code' }).click();
    await qr.waitFor({ state: 'detached' });
    // What is left is the replaced code, which no longer opens anything.
    expect((await client.get('/api/medical-records')).body.records.map((r: { token: string }) => r.token)).toEqual([
      original!.token,
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** Reloads the page at another size and colour scheme, with the system's scheme deciding the theme. */
async function showIn(page: Page, viewport: { width: number; height: number }, scheme: 'light' | 'dark') {
  await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate(() => localStorage.removeItem('theme'));
  await page.reload();
}

async function signInWithCookies(context: BrowserContext, cookies: Map<string, string>) {
  const { hostname } = new URL(baseUrl());
  await context.addCookies([...cookies].map(([name, value]) => ({ name, value, domain: hostname, path: '/' })));
}
