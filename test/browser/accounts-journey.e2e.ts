import type { Browser, Page } from 'playwright-core';
import { baseUrl } from '../support/api.js';
import { launchBrowser, openPage, screenshot } from '../support/browser.js';
import { uniqueEmail, waitForMailLink } from '../support/http-client.js';

async function openLogin(page: Page) {
  await page
    .getByRole('button', { name: 'Login' })
    .or(page.getByRole('link', { name: 'Login' }))
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return dialog;
}

async function signIn(page: Page, email: string, password: string) {
  const dialog = await openLogin(page);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page
    .getByRole('button', { name: 'Login' })
    .or(page.getByRole('link', { name: 'Login' }))
    .first()
    .waitFor();
}

describe('accounts in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('registers, verifies through the mailbox, signs out and in, resets the password by mail, and signs in with it', async () => {
    const { page, errors, context } = await openPage(browser);
    const email = uniqueEmail('ada');
    await page.goto(baseUrl());

    const dialog = await openLogin(page);
    await dialog.getByRole('tab', { name: 'Create Account' }).click();
    await dialog.getByLabel('First name').fill('Ada');
    await dialog.getByLabel('Last name').fill('Lovelace');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill('analytical-1');
    await screenshot(page, 'journey-create-account-desktop-light', { fullPage: false });
    await dialog.getByRole('button', { name: 'Create Account', exact: true }).click();
    await dialog
      .getByText(/activation link/i)
      .first()
      .waitFor();

    const verifyLink = await waitForMailLink(email, /Confirm your email/);
    await page.goto(verifyLink);
    await page.getByText('Email verified. You can sign in now.').waitFor();
    await page.keyboard.press('Escape');

    await signIn(page, email, 'analytical-1');
    await page.getByText('Hi, Ada!').waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await screenshot(page, 'journey-signed-in-desktop-light', { fullPage: false });
    await signOut(page);
    expect(await page.getByText('Hi, Ada!').count()).toBe(0);

    await signIn(page, email, 'analytical-1');
    await page.getByText('Hi, Ada!').waitFor();
    await signOut(page);

    const forgot = await openLogin(page);
    await forgot.getByRole('button', { name: 'Forgot password?' }).click();
    const resetDialog = page.getByRole('dialog');
    await resetDialog.getByLabel('Email').fill(email);
    await resetDialog.getByRole('button', { name: 'Send Reset Link' }).click();
    const resetLink = await waitForMailLink(email, /Reset your/);
    await page.goto(resetLink);
    await page.getByLabel('New password', { exact: true }).fill('difference-engine-2');
    await page.getByLabel('Confirm new password', { exact: true }).fill('difference-engine-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password Reset Successful').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('login') === 'true', {
      timeout: 10_000,
    });

    const again = page.getByRole('dialog');
    await again.getByLabel('Email').fill(email);
    await again.getByLabel('Password', { exact: true }).fill('difference-engine-2');
    await again.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Hi, Ada!').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs in with Google through the local stand-in and comes back signed in', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto(baseUrl());
    const dialog = await openLogin(page);
    await dialog
      .getByRole('button', { name: 'Continue with Google' })
      .or(dialog.getByRole('link', { name: 'Continue with Google' }))
      .click();
    await page.getByRole('button', { name: 'Continue' }).waitFor();
    await page.getByLabel('Email').fill(uniqueEmail('jordan'));
    await page.getByLabel('Given name').fill('Jordan');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.origin === baseUrl());
    await page.getByText('Hi, Jordan!').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
