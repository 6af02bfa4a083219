import type { Browser, Page } from 'playwright-core';
import { medicalForm } from '../records/records-fixtures.js';
import { signedInClient } from '../support/accounts.js';
import { baseUrl } from '../support/api.js';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot, useSession } from '../support/browser.js';
import type { HttpClient } from '../support/http-client.js';
import { eventually } from '../support/eventually.js';
import { subscribeWithCard, TestCards } from '../support/stripe-payments.js';

/**
 * Premium in a real browser against the whole system, the Stripe stand-in taking the payments as Stripe would: the
 * card form's three test cards (paid, declined, authenticated on the bank's page), what premium changes on the
 * dashboard, and every premium screen photographed at phone and desktop widths, light and dark
 * (reports/screenshots/premium-*.png).
 */

const PAY = 'Subscribe for $9.99';
/**
 * Pages here call the Stripe stand-in from the browser, so they go without the per-page client address the other
 * browser tests give (see openPage): they share this machine's address in the rate limits, which a few sign-ins
 * stay far below.
 */

/** Chromium logs the stand-in's 402 for a declined card; the page shows it as it should. */
const isDeclineLoad = (error: string) => /status of 402/.test(error);

/** Types a card into the form as a person would (the form groups the digits as they come), and pays. */
async function payWithCard(page: Page, cardNumber: string) {
  const number = page.getByLabel('Card number');
  await number.waitFor();
  await number.pressSequentially(cardNumber);
  expect(await number.inputValue()).toBe(cardNumber.replace(/(\d{4})(?=\d)/g, '$1 '));
  await page.getByLabel('Expiry').pressSequentially('1234');
  expect(await page.getByLabel('Expiry').inputValue()).toBe('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: PAY }).click();
}

async function premiumOf(client: HttpClient): Promise<boolean> {
  const status = await client.get('/api/premium/status');
  return status.body.isPremium === true;
}

/** Nothing sticks out sideways: a phone never scrolls a screen horizontally. */
async function expectNoSidewaysScroll(page: Page, screen: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect({ screen, overflow }).toEqual({ screen, overflow: 0 });
}

/** Dialogs fade and pop in: photograph them once they stand still. */
async function animationsDone(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

/** A fresh account that has paid for premium, as the card form pays (and its premium confirmed). */
async function premiumAccount(label: string): Promise<HttpClient> {
  const { client } = await signedInClient(label);
  const { confirmation } = await subscribeWithCard(client, TestCards.succeeds);
  if (confirmation.status !== 200) throw new Error(`the payment answered ${confirmation.status}`);
  await client.post('/api/activate-premium', {});
  expect(await eventually(() => premiumOf(client), Boolean)).toBe(true);
  return client;
}

describe('premium in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('subscribes with 4242 after signing in from the plans: welcome, the badge at once, a code that never expires and a second contact', async () => {
    const password = 'premium-pass-1';
    const { client, email } = await signedInClient('premium-4242', password);
    const created = await client.post('/api/medical-records', medicalForm({ email }));
    expect(created.status).toBeLessThan(300);
    expect(created.body.expiresAt).not.toBeNull();

    const { page, errors, context } = await openPage(browser, { viewport: DESKTOP, ownAddress: false });
    // Premium from the plans leads to signing in first.
    await page.goto(`${baseUrl()}/pricing`);
    await page.getByRole('heading', { level: 1, name: 'Choose your plan' }).waitFor();
    await page.getByRole('button', { name: 'Sign in to upgrade' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome to Medical QR' });
    await dialog.getByText('Sign in or create a free account to go Premium.').waitFor();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();

    // Signed in, the upgrade goes on to /subscribe.
    await page.waitForURL(`${baseUrl()}/subscribe`);
    await page.getByRole('heading', { level: 1, name: 'Go Premium' }).waitFor();
    const header = page.locator('header');
    expect(await header.getByText('Premium', { exact: true }).count()).toBe(0);

    await payWithCard(page, TestCards.succeeds);
    await page.getByRole('heading', { level: 1, name: 'Welcome to Premium!' }).waitFor();
    // The badge comes with the refreshed account, without a reload.
    await header.getByText('Premium', { exact: true }).waitFor();
    expect(await premiumOf(client)).toBe(true);

    await page.getByRole('link', { name: 'Continue to Home' }).click();
    await page.getByText('Never expires', { exact: true }).waitFor();
    // Premium users get no promo and no upgrade prompt.
    expect(await page.getByRole('complementary', { name: 'Medical QR Premium' }).count()).toBe(0);
    expect(await header.getByRole('button', { name: 'Go Premium' }).count()).toBe(0);

    // Premium takes more than one contact.
    await page.getByRole('button', { name: 'Add emergency contact' }).click();
    const second = page.getByRole('group', { name: 'Contact 2' });
    await second.getByLabel('Name', { exact: true }).fill('Nneka Okafor');
    await second.getByLabel('Phone', { exact: true }).fill('+1 415 555 0199');
    await second.getByLabel('Relationship').fill('Sister');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page
      .getByText('Your card shows them now. Your QR code and its printed copies keep working.', { exact: true })
      .waitFor();
    const active = (await client.get('/api/medical-records/active')).body;
    expect(active.expiresAt).toBeNull();
    expect(active.emergencyContacts.map((contact: { name: string }) => contact.name)).toEqual([
      'Bartholomew Quist',
      'Nneka Okafor',
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says "Payment Failed" with "Your card was declined." for 4000 0000 0000 0002, and grants nothing', async () => {
    const { client } = await signedInClient('premium-declined');
    const { page, errors, context } = await openPage(browser, { viewport: PHONE, ownAddress: false });
    await useSession(context, client.cookies);
    await page.goto(`${baseUrl()}/subscribe`);
    await payWithCard(page, TestCards.declined);

    const alert = page.getByRole('alert');
    await alert.getByText('Payment Failed', { exact: true }).waitFor();
    await alert.getByText('Your card was declined.', { exact: true }).waitFor();
    expect(await page.getByText('Your card was declined.').count()).toBe(1);
    await screenshot(page, 'premium-subscribe-declined-390-light');
    await expectNoSidewaysScroll(page, 'declined');

    // Nothing changes, also once the provider's events have been handled.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await premiumOf(client)).toBe(false);
    expect((await client.get('/api/auth/user')).body.isPremium).toBe(false);
    expect(await page.locator('header').getByText('Premium', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: PAY }).isEnabled()).toBe(true);
    expect(errors.filter((error) => !isDeclineLoad(error))).toEqual([]);
    await context.close();
  });

  it("goes through the bank's page for 4000 0025 0000 3155: Complete → Payment Successful!", async () => {
    const { client } = await signedInClient('premium-3155');
    const { page, errors, context } = await openPage(browser, {
      viewport: DESKTOP,
      colorScheme: 'dark',
      ownAddress: false,
    });
    await useSession(context, client.cookies);
    await page.goto(`${baseUrl()}/subscribe`);
    await payWithCard(page, TestCards.requiresAuthentication);

    await page.waitForURL((url) => url.origin !== new URL(baseUrl()).origin);
    await page.getByRole('button', { name: 'Complete authentication' }).waitFor();
    await screenshot(page, 'premium-authentication-page-1280-dark');
    await page.getByRole('button', { name: 'Complete authentication' }).click();

    await page.waitForURL((url) => url.pathname === '/premium/success');
    expect(new URL(page.url()).searchParams.get('redirect_status')).toBe('succeeded');
    await page.getByRole('heading', { level: 1, name: 'Payment Successful!' }).waitFor({ timeout: 35_000 });
    await page.getByRole('link', { name: 'View QR History' }).waitFor();
    expect(await premiumOf(client)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the bank's refusal on /premium/success after Fail authentication, and grants nothing", async () => {
    const { client } = await signedInClient('premium-3155-fail');
    const { page, errors, context } = await openPage(browser, {
      viewport: PHONE,
      colorScheme: 'dark',
      ownAddress: false,
    });
    await useSession(context, client.cookies);
    await page.goto(`${baseUrl()}/subscribe`);
    await payWithCard(page, TestCards.requiresAuthentication);
    await page.getByRole('button', { name: 'Fail authentication' }).click();

    await page.waitForURL((url) => url.pathname === '/premium/success');
    await page.getByRole('heading', { level: 1, name: 'Payment Failed' }).waitFor();
    await page
      .getByText(
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      )
      .waitFor();
    await screenshot(page, 'premium-success-failed-390-dark');
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.getByLabel('Card number').waitFor();
    expect(await premiumOf(client)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('photographs every premium screen at phone and desktop, light and dark', async () => {
    const member = (await signedInClient('premium-shots')).client;
    const premium = await premiumAccount('premium-shots-active');
    const canceling = await premiumAccount('premium-shots-canceling');
    expect((await canceling.post('/api/subscription/cancel', {})).status).toBe(200);

    for (const viewport of [PHONE, DESKTOP]) {
      for (const scheme of ['light', 'dark'] as const) {
        const name = (screen: string) => `premium-${screen}-${viewport.width}-${scheme}`;
        const { page, errors, context } = await openPage(browser, { viewport, colorScheme: scheme, ownAddress: false });

        await page.goto(`${baseUrl()}/pricing`);
        await page.getByRole('heading', { level: 1, name: 'Choose your plan' }).waitFor();
        await screenshot(page, name('pricing'));
        await expectNoSidewaysScroll(page, name('pricing'));

        await useSession(context, member.cookies);
        await page.goto(baseUrl());
        await page.getByRole('complementary', { name: 'Medical QR Premium' }).waitFor();
        if (viewport === PHONE) {
          await page.getByRole('button', { name: 'Open menu' }).click();
          await page.getByRole('dialog').getByRole('button', { name: 'Go Premium' }).click();
        } else {
          await page.locator('header').getByRole('button', { name: 'Go Premium' }).click();
        }
        await page.getByRole('dialog', { name: 'Choose your plan' }).waitFor();
        await animationsDone(page);
        await screenshot(page, name('pricing-dialog'), { fullPage: false });
        await page.keyboard.press('Escape');

        await page.goto(`${baseUrl()}/subscribe`);
        await page.getByLabel('Card number').waitFor();
        await screenshot(page, name('subscribe-form'));
        await expectNoSidewaysScroll(page, name('subscribe-form'));

        // A new member pays, for the welcome.
        const payer = (await signedInClient('premium-shots-payer')).client;
        await context.clearCookies();
        await useSession(context, payer.cookies);
        await page.goto(`${baseUrl()}/subscribe`);
        await payWithCard(page, TestCards.succeeds);
        await page.getByRole('heading', { level: 1, name: 'Welcome to Premium!' }).waitFor();
        await screenshot(page, name('subscribe-welcome'));
        await expectNoSidewaysScroll(page, name('subscribe-welcome'));

        await context.clearCookies();
        await useSession(context, premium.cookies);
        await page.goto(`${baseUrl()}/premium/success?redirect_status=succeeded`);
        await page.getByRole('heading', { level: 1, name: 'Payment Successful!' }).waitFor();
        await screenshot(page, name('success'));
        await expectNoSidewaysScroll(page, name('success'));

        await page.goto(`${baseUrl()}/my-account`);
        await page.getByText('Recurring Monthly', { exact: true }).waitFor();
        await screenshot(page, name('my-account-active'));
        await expectNoSidewaysScroll(page, name('my-account-active'));
        await page.getByRole('button', { name: 'Cancel subscription' }).click();
        await page.getByRole('dialog', { name: 'Cancel your subscription?' }).waitFor();
        await animationsDone(page);
        await screenshot(page, name('cancel-dialog'), { fullPage: false });
        await page.getByRole('button', { name: 'Keep Premium' }).click();

        await context.clearCookies();
        await useSession(context, canceling.cookies);
        await page.goto(`${baseUrl()}/my-account`);
        await page.getByRole('button', { name: 'Resume subscription' }).waitFor();
        await screenshot(page, name('my-account-canceling'));
        await expectNoSidewaysScroll(page, name('my-account-canceling'));

        expect(errors).toEqual([]);
        await context.close();
      }
    }
  }, 240_000);
});
