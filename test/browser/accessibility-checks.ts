import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import { LANGUAGE_TAGS, type MedicalFormInput } from '@medical-qr/contracts';
import type { Result } from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { codeConfirmationToken, medicalForm } from '../records/records-fixtures.js';
import { signedInClient } from '../support/accounts.js';
import { baseUrl } from '../support/api.js';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot, type WatchedPage } from '../support/browser.js';
import { HttpClient, uniqueEmail, waitForMailLink } from '../support/http-client.js';
import { eventually } from '../support/eventually.js';
import { subscribeWithCard } from '../support/stripe-payments.js';
import { addToCart, Keychain, payWith, waitForOrders } from '../shop/shop-fixtures.js';

/**
 * Every page and dialog of the app, at phone and desktop widths, light and dark, checked with axe
 * against WCAG 2.1 A and AA: a serious or critical violation fails (moderate and minor ones are
 * judgement calls axe cannot make for us). With SCREENSHOTS=1 each state checked is also saved as
 * reports/screenshots/step5-<page>-<width>-<theme>.png for people to look at. One browser, one
 * context per width and theme, two signed-in accounts (a free one with a line in its cart, and
 * one that paid for premium with the Stripe stand-in's test card and has a shop order). The
 * re-authentication dialog is checked as the terms' privacy controls button opens it.
 */

export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);
const UNKNOWN_CARD = 'AAAAAAAAAAAAAAAAAAAAAA';
const HEALTH_LINK_PASSCODE = 'harbour-47';
/** What axe looks at for each kind of check: a dialog, or the toasts' region (Radix labels it). */
const SCOPES = { page: undefined, dialog: '[role="dialog"]', toast: '[role="region"]' } as const;

interface Fixtures {
  account: HttpClient;
  /** An account that has paid for premium (My Account's subscription card, the payment result). */
  premium: HttpClient;
  shortCardToken: string;
  longCardToken: string;
  resetPath: string;
  /** A texted contact's page of a family alert sent from the short card ("I'm on it" not yet answered). */
  familyAlertPath: string;
  /** The free account's health link (passcode HEALTH_LINK_PASSCODE), as the viewer's path and fragment. */
  healthLinkPath: string;
}

interface Check {
  /** The page or dialog, as named in the screenshot file. */
  name: string;
  /** Signed in as the free account (true) or the premium one. */
  signedIn: boolean | 'premium';
  /**
   * A page is checked and photographed whole; a dialog or a toast is checked on its own (the page
   * behind has its own check) and photographed as the viewport shows it.
   */
  kind: 'page' | 'dialog' | 'toast';
  /** Also photograph the first screen alone (a full-page shot draws sticky parts mid-page). */
  firstScreen?: boolean;
  /** Brings the page to the state to check, and waits until it is there. */
  open: (page: Page, fixtures: Fixtures) => Promise<void>;
}

/** A record that fills the card: long texts in every field a responder reads. */
function longRecord(): MedicalFormInput {
  return medicalForm({
    firstName: 'Maximiliana',
    lastName: 'Okonkwo-Fairweather',
    allergies:
      'Penicillin and all beta-lactam antibiotics (anaphylaxis, carries two adrenaline auto-injectors); latex; shellfish; ibuprofen (bronchospasm)',
    medicalConditions:
      'Type 1 diabetes with hypoglycaemia unawareness; epilepsy (tonic-clonic seizures, last one in March); asthma; atrial fibrillation on anticoagulants: bleeding risk',
    medications:
      'Insulin aspart via pump; apixaban 5 mg twice daily; levetiracetam 750 mg twice daily; salbutamol inhaler',
    devices: 'Insulin pump (left abdomen); implanted loop recorder; cochlear implant on the right side',
    languagesSpoken: 'English, Igbo, basic French',
    careDirectives: 'Advance directive in the wallet, front pocket; call my brother before any major surgery',
    emergencyContacts: [
      {
        name: 'Chukwuemeka Bartholomew Okonkwo-Fairweather',
        phone: '+44 7700 900123',
        relationship: 'Brother and carer',
        isPrimary: true,
      },
    ],
  });
}

async function prepareFixtures(): Promise<Fixtures> {
  const { client: account, email } = await signedInClient('a11y');
  const ownRecord = await account.post('/api/medical-records', medicalForm({ email }));
  const shortCard = await new HttpClient().post('/api/anonymous-medical-record', medicalForm());
  const longCard = await new HttpClient().post('/api/anonymous-medical-record', longRecord());
  for (const [what, result] of Object.entries({ ownRecord, shortCard, longCard })) {
    if (result.status >= 300) throw new Error(`${what} answered ${result.status}: ${JSON.stringify(result.body)}`);
  }
  // A live reset token for a second account, so the reset page shows its form.
  const { email: resetEmail } = await signedInClient('a11y-reset');
  await new HttpClient().post('/api/auth/forgot-password', { email: resetEmail });
  const resetLink = await waitForMailLink(resetEmail, /Reset your/);
  // The free account has a line in its cart and a health link; the premium one has an order with printed tags.
  await addToCart(account);
  const healthLink = await account.post('/api/health-links', {
    label: 'St Mary’s A&E',
    passcode: HEALTH_LINK_PASSCODE,
  });
  if (healthLink.status >= 300) throw new Error(`the health link answered ${healthLink.status}`);
  const viewerUrl = new URL(healthLink.body.viewerUrl as string);
  const premium = await premiumClient();
  await placeOrder(premium);
  return {
    account,
    premium,
    shortCardToken: shortCard.body.token,
    longCardToken: longCard.body.token,
    resetPath: new URL(resetLink).pathname,
    familyAlertPath: await familyAlertPathOf(shortCard.body.token),
    healthLinkPath: viewerUrl.pathname + viewerUrl.hash,
  };
}

/** The health link viewer, its reader named and a passcode typed and sent. */
async function openHealthLink(page: Page, path: string, passcode: string) {
  await goTo(page, path);
  await page.getByLabel('Your name or organisation').fill('St Mary’s ED');
  await page.getByLabel('Passcode', { exact: true }).fill(passcode);
  await page.getByRole('button', { name: 'Open the summary' }).click();
}

/** Sends a family alert from a card and finds, in the texts sent locally, the primary contact's link to it. */
async function familyAlertPathOf(token: string): Promise<string> {
  const marker = `Taken to A&E ${randomUUID().slice(0, 8)}`;
  const sent = await new HttpClient().post(`/api/emergency-card/${token}/family-alerts`, {
    responderName: 'Sam',
    callbackNumber: '+44 7700 900456',
    message: marker,
    place: { latitude: 51.5178, longitude: -0.1736 },
  });
  if (sent.status !== 201) throw new Error(`the family alert answered ${sent.status}: ${JSON.stringify(sent.body)}`);
  const text = await eventually(
    async () =>
      ((await (await fetch(`${baseUrl()}/dev/messages.json`)).json()) as Array<{ body: string }>).find((each) =>
        each.body.includes(marker),
      ),
    (found) => found !== undefined,
  );
  return /\/f\/[A-Za-z0-9_-]+/.exec(text!.body)![0];
}

/** A fresh account that paid for premium with the card form's test card, its premium confirmed. */
async function premiumClient(): Promise<HttpClient> {
  const { client } = await signedInClient('a11y-premium');
  const { confirmation } = await subscribeWithCard(client);
  if (confirmation.status !== 200) throw new Error(`the premium payment answered ${confirmation.status}`);
  await client.post('/api/activate-premium', {});
  await eventually(async () => (await client.get('/api/premium/status')).body.isPremium === true, Boolean);
  return client;
}

/** An order paid with the test card and sent to Printify, for My Orders and its printed tags. */
async function placeOrder(client: HttpClient) {
  const record = await client.post('/api/medical-records', medicalForm());
  if (record.status >= 300) throw new Error(`the premium record answered ${record.status}`);
  await addToCart(client, { quantity: 2 });
  const checkout = await client.post('/api/cart/create-checkout-session', {});
  const paid = await payWith(client, checkout.body);
  if (paid.status !== 200) throw new Error(`the order's payment answered ${paid.status}`);
  await waitForOrders(client, 1);
}

/** Opens the pricing dialog as a signed-in free user does: the header's Go Premium, or the phone menu's. */
async function openPricingDialog(page: Page) {
  await goTo(page, '/');
  const headerButton = page.locator('header').getByRole('button', { name: 'Go Premium' });
  if (await headerButton.isVisible()) {
    await headerButton.click();
  } else {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Go Premium' }).click();
  }
  await page.getByRole('dialog', { name: 'Choose your plan' }).waitFor();
}

async function goTo(page: Page, path: string) {
  await page.goto(`${baseUrl()}${path}`);
  await page.locator('h1').first().waitFor();
}

/** The menu as the width shows it: the phone's slide-in menu, or on a desktop the account menu (signed in). */
async function openMenu(page: Page) {
  await goTo(page, '/');
  const phoneMenu = page.getByRole('button', { name: 'Open menu' });
  if (await phoneMenu.isVisible()) {
    await phoneMenu.click();
    await page.getByRole('dialog').getByRole('navigation', { name: 'Menu' }).waitFor();
    return;
  }
  const accountMenu = page.getByRole('button', { name: 'User menu' });
  if (await accountMenu.isVisible()) {
    await accountMenu.click();
    await page.getByRole('menu').waitFor();
  }
}

async function openDialog(page: Page, path: string, title: RegExp) {
  await page.goto(`${baseUrl()}${path}`);
  await page.getByRole('dialog').getByRole('heading', { name: title }).waitFor();
}

const CHECKS: Check[] = [
  {
    name: 'home',
    kind: 'page',
    signedIn: false,
    open: async (page) => {
      await goTo(page, '/');
      await page.getByLabel('Blood group').waitFor();
    },
  },
  {
    name: 'home-form-errors',
    kind: 'page',
    signedIn: false,
    open: async (page) => {
      await goTo(page, '/');
      await page.getByRole('button', { name: 'Generate QR Code' }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
    },
  },
  {
    name: 'menu-signed-out',
    kind: 'page',
    signedIn: false,
    open: (page) => openMenu(page),
  },
  {
    name: 'menu-signed-in',
    kind: 'page',
    signedIn: true,
    open: (page) => openMenu(page),
  },
  { name: 'sign-in', kind: 'dialog', signedIn: false, open: (page) => openDialog(page, '/?login=true', /welcome/i) },
  {
    name: 'sign-in-verified',
    kind: 'dialog',
    signedIn: false,
    open: async (page) => {
      await openDialog(page, '/?login=true&verified=1', /welcome/i);
      await page.getByRole('dialog').getByRole('status').first().waitFor();
    },
  },
  {
    name: 'sign-in-refused',
    kind: 'dialog',
    signedIn: false,
    open: async (page) => {
      await openDialog(page, '/?login=true', /welcome/i);
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Email').fill(uniqueEmail('nobody'));
      await dialog.getByLabel('Password', { exact: true }).fill('not-the-password');
      await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
      await dialog.getByRole('alert').waitFor();
    },
  },
  {
    name: 'create-account',
    kind: 'dialog',
    signedIn: false,
    open: async (page) => {
      await openDialog(page, '/?login=true', /welcome/i);
      await page.getByRole('dialog').getByRole('tab', { name: 'Create Account' }).click();
      await page.getByRole('dialog').getByLabel('First name').waitFor();
    },
  },
  {
    name: 'forgot-password',
    kind: 'dialog',
    signedIn: false,
    open: async (page) => {
      await openDialog(page, '/?login=true', /welcome/i);
      await page.getByRole('dialog').getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByRole('dialog').getByRole('heading', { name: 'Reset your password' }).waitFor();
    },
  },
  {
    name: 'no-active-qr',
    kind: 'dialog',
    signedIn: false,
    open: (page) => openDialog(page, '/?noActiveQr=true', /active QR code/i),
  },
  { name: 'not-found', kind: 'page', signedIn: false, open: (page) => goTo(page, '/this/page/is/missing') },
  { name: 'expired', kind: 'page', signedIn: false, open: (page) => goTo(page, '/expired') },
  { name: 'terms', kind: 'page', signedIn: false, open: (page) => goTo(page, '/terms') },
  { name: 'contact-us', kind: 'page', signedIn: false, open: (page) => goTo(page, '/contact-us') },
  {
    name: 'reauth',
    kind: 'dialog',
    signedIn: true,
    open: async (page) => {
      await goTo(page, '/terms');
      await page.getByRole('button', { name: 'Open privacy controls' }).click();
      await page.getByRole('dialog', { name: "Confirm it's you" }).waitFor();
    },
  },
  {
    name: 'reset-password',
    kind: 'page',
    signedIn: false,
    open: async (page, { resetPath }) => {
      await goTo(page, resetPath);
      await page.getByLabel('New password', { exact: true }).waitFor();
    },
  },
  {
    name: 'confirm-code-email',
    kind: 'page',
    signedIn: false,
    open: async (page) => {
      // A link works once: each width and theme follows a fresh one, mailed with a code made for it.
      const email = uniqueEmail('a11y-confirm');
      await new HttpClient().post('/api/anonymous-medical-record', medicalForm({ email }));
      await goTo(page, `/confirm-code-email/${await codeConfirmationToken(email)}`);
      await page.getByRole('heading', { level: 1, name: 'Email confirmed' }).waitFor();
    },
  },
  {
    name: 'confirm-code-email-refused',
    kind: 'page',
    signedIn: false,
    open: async (page) => {
      await goTo(page, '/confirm-code-email/not-a-link-from-our-mail');
      await page.getByRole('heading', { level: 1, name: 'This link cannot be used' }).waitFor();
    },
  },
  {
    name: 'card',
    kind: 'page',
    firstScreen: true,
    signedIn: false,
    open: async (page, { shortCardToken }) => {
      await goTo(page, `/emergency/${shortCardToken}`);
      await page.getByText('AB-', { exact: true }).first().waitFor();
    },
  },
  {
    name: 'card-long',
    kind: 'page',
    firstScreen: true,
    signedIn: false,
    open: async (page, { longCardToken }) => {
      await goTo(page, `/emergency/${longCardToken}`);
      await page.getByText('Maximiliana Okonkwo-Fairweather').first().waitFor();
    },
  },
  // The long card in the languages whose scripts differ most from English: right to left, Chinese, Devanagari.
  ...(['ar', 'zh', 'hi'] as const).map((language): Check => ({
    name: `card-long-${language}`,
    kind: 'page',
    firstScreen: true,
    signedIn: false,
    open: async (page, { longCardToken }) => {
      await goTo(page, `/emergency/${longCardToken}?lang=${language}`);
      await page.locator(`html[lang="${LANGUAGE_TAGS[language]}"]`).waitFor({ state: 'attached' });
      await page.getByText('Maximiliana Okonkwo-Fairweather').first().waitFor();
    },
  })),
  {
    name: 'card-languages-open-ar',
    kind: 'page',
    firstScreen: true,
    signedIn: false,
    open: async (page, { shortCardToken }) => {
      await goTo(page, `/emergency/${shortCardToken}?lang=ar`);
      await page.locator('.languages summary').click();
      await page.getByRole('link', { name: 'Español' }).waitFor();
    },
  },
  {
    name: 'card-tell-family-open',
    kind: 'page',
    signedIn: false,
    open: async (page, { shortCardToken }) => {
      await goTo(page, `/emergency/${shortCardToken}`);
      await page.locator('.tell-family summary').click();
      await page.getByLabel('Message (optional)').waitFor();
    },
  },
  {
    name: 'family-alert-contact-page',
    kind: 'page',
    signedIn: false,
    open: async (page, { familyAlertPath }) => {
      await goTo(page, familyAlertPath);
      await page.getByRole('button', { name: "I'm on it" }).waitFor();
    },
  },
  {
    name: 'card-not-found',
    kind: 'page',
    signedIn: false,
    open: async (page) => {
      await goTo(page, `/emergency/${UNKNOWN_CARD}`);
      await page.getByRole('heading', { name: /not found/i }).waitFor();
    },
  },
  {
    name: 'session-ended-toast',
    kind: 'toast',
    signedIn: false,
    open: async (page) => {
      await page.goto(`${baseUrl()}/?timeout=inactivity`);
      const toast = page.locator('li').filter({ hasText: 'You were signed out' });
      // Hovering pauses the toast's countdown, so it is still there when axe looks.
      await toast.hover();
    },
  },
  {
    name: 'dashboard',
    kind: 'page',
    signedIn: true,
    open: async (page) => {
      await goTo(page, '/');
      await page.getByAltText('QR code that opens your emergency card').waitFor();
    },
  },
  {
    name: 'replace-code',
    kind: 'dialog',
    signedIn: true,
    open: async (page) => {
      await goTo(page, '/');
      await page.getByRole('button', { name: 'Replace my code' }).click();
      await page.getByRole('dialog').getByRole('heading', { name: 'Replace your QR code?' }).waitFor();
    },
  },
  {
    name: 'delete-record',
    kind: 'dialog',
    signedIn: true,
    open: async (page) => {
      await goTo(page, '/');
      await page.getByRole('button', { name: 'Delete QR Code' }).click();
      await page.getByRole('dialog').getByRole('heading', { name: 'Delete this QR code?' }).waitFor();
    },
  },
  { name: 'pricing', kind: 'page', signedIn: false, open: (page) => goTo(page, '/pricing') },
  { name: 'pricing-dialog', kind: 'dialog', signedIn: true, open: openPricingDialog },
  {
    name: 'subscribe',
    kind: 'page',
    signedIn: true,
    open: async (page) => {
      await goTo(page, '/subscribe');
      await page.getByLabel('Card number').waitFor();
    },
  },
  {
    name: 'subscribe-card-errors',
    kind: 'page',
    signedIn: true,
    open: async (page) => {
      await goTo(page, '/subscribe');
      await page.getByRole('button', { name: 'Subscribe for $9.99' }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
    },
  },
  {
    name: 'payment-failed',
    kind: 'page',
    signedIn: true,
    open: async (page) => {
      await goTo(page, '/premium/success?redirect_status=failed');
      await page.getByRole('heading', { level: 1, name: 'Payment Failed' }).waitFor();
    },
  },
  {
    name: 'payment-successful',
    kind: 'page',
    signedIn: 'premium',
    open: async (page) => {
      await goTo(page, '/premium/success?redirect_status=succeeded');
      await page.getByRole('heading', { level: 1, name: 'Payment Successful!' }).waitFor();
    },
  },
  {
    name: 'my-account',
    kind: 'page',
    signedIn: true,
    open: async (page) => {
      await goTo(page, '/my-account');
      await page.getByRole('heading', { name: 'Account information' }).waitFor();
    },
  },
  {
    name: 'my-account-health-link-made',
    kind: 'page',
    signedIn: true,
    open: async (page) => {
      await goTo(page, '/my-account');
      const panel = page.getByRole('region', { name: 'Share with a hospital' });
      await panel.getByLabel('Name of the link').fill('Ward 4');
      await panel.getByRole('button', { name: 'Make a health link' }).click();
      await panel.getByRole('heading', { name: 'Your link “Ward 4” is ready' }).waitFor();
    },
  },
  {
    name: 'revoke-health-link',
    kind: 'dialog',
    signedIn: true,
    open: async (page) => {
      await goTo(page, '/my-account');
      await page.getByRole('button', { name: 'Revoke “St Mary’s A&E”' }).click();
      await page.getByRole('dialog', { name: 'Revoke “St Mary’s A&E”?' }).waitFor();
    },
  },
  {
    name: 'health-link-viewer',
    kind: 'page',
    signedIn: false,
    open: async (page, { healthLinkPath }) => {
      await goTo(page, healthLinkPath);
      await page.getByLabel('Your name or organisation').waitFor();
    },
  },
  {
    name: 'health-link-viewer-wrong-passcode',
    kind: 'page',
    signedIn: false,
    open: async (page, { healthLinkPath }) => {
      await openHealthLink(page, healthLinkPath, 'not-the-passcode');
      await page.getByText(/^Wrong passcode — \d+ tries left$/).waitFor();
    },
  },
  {
    name: 'health-link-summary',
    kind: 'page',
    signedIn: false,
    open: async (page, { healthLinkPath }) => {
      await openHealthLink(page, healthLinkPath, HEALTH_LINK_PASSCODE);
      await page.getByRole('region', { name: 'Allergies' }).waitFor();
    },
  },
  {
    name: 'my-account-premium',
    kind: 'page',
    signedIn: 'premium',
    open: async (page) => {
      await goTo(page, '/my-account');
      await page.getByText('Recurring Monthly', { exact: true }).waitFor();
    },
  },
  {
    name: 'home-premium-codes',
    kind: 'page',
    signedIn: 'premium',
    firstScreen: true,
    open: async (page) => {
      await goTo(page, '/');
      await page
        .getByRole('region', { name: 'Your codes' })
        .getByRole('button', { name: 'Add another code' })
        .waitFor();
    },
  },
  {
    name: 'add-another-code',
    kind: 'dialog',
    signedIn: 'premium',
    open: async (page) => {
      await goTo(page, '/');
      await page.getByRole('button', { name: 'Add another code' }).click();
      await page.getByRole('dialog', { name: 'Add another code' }).getByLabel('Name of the code').waitFor();
    },
  },
  {
    name: 'rename-code',
    kind: 'dialog',
    signedIn: 'premium',
    open: async (page) => {
      await goTo(page, '/');
      await page.getByRole('button', { name: /^Rename / }).click();
      await page.getByRole('dialog', { name: 'Rename this code' }).getByLabel('Name of the code').waitFor();
    },
  },
  {
    name: 'privacy-signed-out',
    kind: 'page',
    signedIn: false,
    open: async (page) => {
      await goTo(page, '/privacy');
      await page.getByRole('button', { name: 'Use Demo Account' }).waitFor();
    },
  },
  {
    name: 'privacy',
    kind: 'page',
    signedIn: true,
    open: async (page) => {
      await goTo(page, '/privacy');
      await page.getByRole('heading', { level: 2, name: 'Account status' }).waitFor();
    },
  },
  {
    name: 'revoke-consent-dialog',
    kind: 'dialog',
    signedIn: true,
    open: async (page) => {
      await goTo(page, '/privacy');
      await page.getByRole('button', { name: 'Revoke consent' }).click();
      await page.getByRole('dialog', { name: 'Revoke your consent?' }).waitFor();
    },
  },
  {
    name: 'delete-now-dialog',
    kind: 'dialog',
    signedIn: true,
    open: async (page) => {
      await goTo(page, '/privacy');
      const deleteCard = page.getByRole('region', { name: 'Delete all your data' });
      await deleteCard.getByRole('checkbox', { name: /Delete everything now instead/ }).check();
      await deleteCard.getByRole('button', { name: 'Delete all my data now' }).click();
      await page.getByRole('dialog', { name: 'Delete all your data now?' }).waitFor();
    },
  },
  {
    name: 'account-deleted',
    kind: 'page',
    signedIn: false,
    open: async (page) => {
      await goTo(page, '/account-deleted');
      await page.getByRole('heading', { level: 1, name: 'Your account and data were deleted' }).waitFor();
    },
  },
  {
    name: 'history',
    kind: 'page',
    signedIn: true,
    open: async (page) => {
      await goTo(page, '/history?expand=active');
      await page.getByRole('button', { name: 'Hide Details' }).waitFor();
    },
  },
  {
    name: 'history-access-denied',
    kind: 'page',
    signedIn: false,
    open: async (page) => {
      await goTo(page, '/history');
      await page.getByRole('heading', { level: 1, name: 'Access Denied' }).waitFor();
    },
  },
  {
    name: 'premium-history',
    kind: 'page',
    signedIn: 'premium',
    open: async (page) => {
      await goTo(page, '/premium/history');
      await page.getByRole('searchbox').waitFor();
      await page.getByText(/^\d+ codes?$/).waitFor();
    },
  },
  {
    name: 'premium-history-upgrade',
    kind: 'page',
    signedIn: true,
    open: async (page) => {
      await goTo(page, '/premium/history');
      await page.getByRole('link', { name: 'Upgrade to Premium - $9.99/month' }).waitFor();
    },
  },
  {
    name: 'scanner',
    kind: 'page',
    signedIn: true,
    open: async (page) => {
      await goTo(page, '/scanner');
      await page.getByRole('button', { name: 'Start Scanning' }).waitFor();
    },
  },
  {
    name: 'cancel-subscription',
    kind: 'dialog',
    signedIn: 'premium',
    open: async (page) => {
      await goTo(page, '/my-account');
      await page.getByRole('button', { name: 'Cancel subscription' }).click();
      await page.getByRole('dialog', { name: 'Cancel your subscription?' }).waitFor();
    },
  },
  {
    name: 'shop',
    kind: 'page',
    signedIn: false,
    open: async (page) => {
      await goTo(page, '/qrmerchshop');
      await page.getByRole('link', { name: 'Customize & Order' }).first().waitFor();
    },
  },
  {
    name: 'customize',
    kind: 'page',
    signedIn: true,
    open: async (page) => {
      await goTo(page, `/customize/${Keychain.blueprintId}`);
      await page
        .getByRole('img', { name: /^Mockup of your QR code on the / })
        .first()
        .waitFor();
    },
  },
  {
    name: 'cart',
    kind: 'page',
    signedIn: true,
    open: async (page) => {
      await goTo(page, '/cart');
      await page.getByRole('button', { name: 'Proceed to Checkout' }).waitFor();
    },
  },
  {
    name: 'checkout',
    kind: 'page',
    signedIn: true,
    open: async (page) => {
      // Checkout starts from the cart (or the customizer's Quick Checkout), which says what is being paid for.
      await goTo(page, '/cart');
      await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      await page.getByLabel('Card number').waitFor();
    },
  },
  {
    name: 'my-orders',
    kind: 'page',
    signedIn: 'premium',
    open: async (page) => {
      await goTo(page, '/my-orders');
      await page.getByRole('button', { name: 'Sync Status' }).waitFor();
    },
  },
  {
    name: 'my-orders-empty',
    kind: 'page',
    signedIn: true,
    open: async (page) => {
      await goTo(page, '/my-orders');
      await page.getByRole('heading', { level: 2, name: 'No orders yet' }).waitFor();
    },
  },
  {
    name: 'revoke-tag',
    kind: 'dialog',
    signedIn: 'premium',
    open: async (page) => {
      await goTo(page, '/my-orders');
      await page.getByRole('button', { name: 'Revoke Tag of item 1' }).click();
      await page.getByRole('dialog', { name: 'Revoke this printed tag?' }).waitFor();
    },
  },
];

/**
 * Every rule runs once at each width (phone in light, desktop in dark); the other two layouts run the rules whose
 * outcome depends on the colours, as the scheme is all that differs from the same width in the other scheme.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
export const PHONE_LAYOUTS = [
  { width: PHONE.width, viewport: PHONE, theme: 'light', rules: 'all' },
  { width: PHONE.width, viewport: PHONE, theme: 'dark', rules: 'colour' },
] as const;
export const DESKTOP_LAYOUTS = [
  { width: DESKTOP.width, viewport: DESKTOP, theme: 'light', rules: 'colour' },
  { width: DESKTOP.width, viewport: DESKTOP, theme: 'dark', rules: 'all' },
] as const;
type Layout = (typeof PHONE_LAYOUTS)[number] | (typeof DESKTOP_LAYOUTS)[number];

/** Dialogs fade and pop in, and colours mid-transition would be judged as they are drawn: wait them out. */
async function settle(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

/** The signed-in account's session, for a browser context on the system under test. */
function sessionCookies(account: HttpClient) {
  const { hostname } = new URL(baseUrl());
  return [...account.cookies].map(([name, value]) => ({ name, value, domain: hostname, path: '/' }));
}

/** One line per element that fails: what, how bad, where, and axe's explanation. */
export function describeViolations(violations: Result[]): string[] {
  return violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.failureSummary ?? violation.help}`,
      ),
    );
}

/** The checks at these layouts, in one browser: each width is its own test file, so two workers run them side by side. */
export function describeAccessibility(layouts: readonly Layout[]) {
  describe('accessibility (axe, WCAG 2.1 AA) in Chromium', () => {
    let browser: Browser;
    let fixtures: Fixtures;
    beforeAll(async () => {
      browser = await launchBrowser();
      fixtures = await prepareFixtures();
    });
    afterAll(async () => {
      await browser?.close();
    });

    describe.each(layouts)('at $width px, $theme ($rules rules)', ({ width, viewport, theme, rules }) => {
      let view: WatchedPage;
      beforeAll(async () => {
        view = await openPage(browser, { viewport, colorScheme: theme });
      });
      afterAll(async () => {
        await view?.context.close();
      });

      it.each(CHECKS)('$name has no serious or critical violations', async (check) => {
        const { context, page } = view;
        await context.clearCookies();
        if (check.signedIn) {
          await context.addCookies(sessionCookies(check.signedIn === 'premium' ? fixtures.premium : fixtures.account));
        }
        await check.open(page, fixtures);
        await settle(page);
        const axe =
          rules === 'all'
            ? new AxeBuilder({ page }).withTags(WCAG_21_AA)
            : new AxeBuilder({ page }).withRules(COLOUR_RULES);
        const scope = SCOPES[check.kind];
        const results = await (scope ? axe.include(scope) : axe).analyze();
        await screenshot(page, `step5-${check.name}-${width}-${theme}`, { fullPage: check.kind === 'page' });
        if (check.firstScreen) {
          await screenshot(page, `step5-${check.name}-first-screen-${width}-${theme}`, { fullPage: false });
        }
        expect(describeViolations(results.violations)).toEqual([]);
      });
    });
  });
}
