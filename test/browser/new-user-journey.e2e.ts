import type { Browser, Page } from 'playwright-core';
import { confirmCodeEmail } from '../records/records-fixtures.js';
import { cartLine, payWith } from '../shop/shop-fixtures.js';
import { baseUrl } from '../support/api.js';
import { launchBrowser, openPage, PHONE, screenshot } from '../support/browser.js';
import { HttpClient, uniqueEmail, waitForMailLink } from '../support/http-client.js';

const PASSWORD = 'new-user-pass-1';
const ORDER_WATCH_MS = 30_000;

async function fillMedicalForm(page: Page, email: string) {
  await page.getByLabel('First name').fill('Ines');
  await page.getByLabel('Last name').fill('Moreau');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Blood group').selectOption('O-');
  await page.getByLabel('Allergies').fill('Penicillin');
  await page.getByLabel('Medical conditions').fill('Asthma');
  await page.getByLabel('Name', { exact: true }).fill('Luc Moreau');
  await page.getByLabel('Phone', { exact: true }).fill('+33 6 12 34 56 78');
  await page.getByRole('checkbox', { name: /I agree that Medical QR stores/ }).check();
}

/** The browser's session, as an API client the test can pay with (the card form itself has its own journey). */
async function clientOf(page: Page): Promise<HttpClient> {
  const client = new HttpClient();
  for (const cookie of await page.context().cookies()) client.cookies.set(cookie.name, cookie.value);
  return client;
}

/**
 * One new person, in one browser on a phone, from a first visit to deleting everything: a free code, an account that
 * keeps it, an edit, a printed keychain watched until it ships, and "Delete now". Every screen must say what is true
 * (2 days, then 10; saved; never "Failed"; deleted), and nothing may be logged as an error on the way.
 */
describe('a new user, start to finish', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('tells the truth on every screen and logs no console error', async () => {
    const email = uniqueEmail('new-user');
    const { page, errors, context } = await openPage(browser, { viewport: PHONE });

    // A first visit and a free code, said to last 2 days, with an account offered for 10.
    await page.goto(baseUrl());
    await fillMedicalForm(page, email);
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    const ready = page.getByRole('region', { name: 'Your QR code is ready' });
    await ready.getByText('This free code lasts 2 days').waitFor();
    await confirmCodeEmail(email);

    // An account with the same email: verified by its link, it keeps the code for 10 days.
    await ready.getByRole('button', { name: 'Create a free account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome to Medical QR' });
    await dialog.getByLabel('First name').fill('Ines');
    await dialog.getByLabel('Last name').fill('Moreau');
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await page.goto(await waitForMailLink(email, /Confirm your email/));
    await dialog.getByText('Email verified. You can sign in now.').waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Your current QR code' });
    const validUntil = await panel.getByText(/^Valid until/).textContent();
    const days = (Date.parse(validUntil!.replace('Valid until', '').replace(/\u00a0/g, ' ')) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(10);

    // An edit, saved and said so; the card shows it.
    await page.getByLabel('Medications').fill('Salbutamol inhaler');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Changes saved').first().waitFor();
    await screenshot(page, 'journey-dashboard-saved-phone-light', { fullPage: false });

    // A keychain, paid, then My Orders reloaded until it ships: never "Failed".
    const buyer = await clientOf(page);
    const { item } = await cartLine(buyer);
    expect((await payWith(buyer, (await buyer.post('/api/cart/quick-checkout', { item })).body)).status).toBe(200);
    await page.goto(`${baseUrl()}/my-orders`);
    const order = page.getByRole('article').first();
    let text = '';
    for (const ends = Date.now() + ORDER_WATCH_MS; Date.now() < ends;) {
      await order.waitFor({ timeout: 20_000 });
      text = await order.innerText();
      expect(text).not.toContain('Failed');
      if (/\b(Shipped|Delivered)\b/.test(text)) break;
      await page.waitForTimeout(1000);
      await page.reload();
    }
    expect(text).toMatch(/\b(Shipped|Delivered)\b/);
    await screenshot(page, 'journey-orders-shipped-phone-light', { fullPage: false });

    // Everything deleted now: a page says so, and the card no longer opens.
    await page.goto(`${baseUrl()}/privacy`);
    const deleteCard = page.getByRole('region', { name: 'Delete all your data' });
    await deleteCard.getByRole('checkbox', { name: /Delete everything now instead/ }).check();
    await deleteCard.getByRole('button', { name: 'Delete all my data now' }).click();
    await page
      .getByRole('dialog', { name: 'Delete all your data now?' })
      .getByRole('button', { name: 'Delete now' })
      .click();
    // The server may ask who it is first (a sign-in more than 10 minutes ago); then the deletion goes on.
    const reauth = page.getByRole('dialog', { name: "Confirm it's you" });
    const deleted = page.waitForURL(`${baseUrl()}/account-deleted`, { timeout: 15_000 });
    if (
      await reauth.waitFor({ timeout: 3000 }).then(
        () => true,
        () => false,
      )
    ) {
      await reauth.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await reauth.getByRole('button', { name: 'Verify' }).click();
    }
    await deleted;
    await page.getByRole('heading', { level: 1, name: 'Your account and data were deleted' }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
