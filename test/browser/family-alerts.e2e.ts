import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ownerWithCard, textsArrive } from '../card/family-alert-fixtures.js';
import { baseUrl } from '../support/api.js';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot, useSession } from '../support/browser.js';
import { eventually } from '../support/eventually.js';
import { mailTo, randomClientIp } from '../support/http-client.js';

/** A responder's phone: its own address, a position to share when asked, script on or off. */
async function responderPage(browser: Browser, options: { javaScriptEnabled?: boolean; viewport?: typeof PHONE } = {}) {
  const context: BrowserContext = await browser.newContext({
    viewport: options.viewport ?? PHONE,
    hasTouch: true,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    geolocation: { latitude: 51.51783, longitude: -0.17359, accuracy: 12 },
    permissions: ['geolocation'],
    extraHTTPHeaders: { 'x-forwarded-for': randomClientIp() },
  });
  const page: Page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * "Tell their family" in Chromium: a responder shares their position and a message from the card; the primary
 * contact's text holds it; the owner's history shows the alert live; the contact's "I'm on it" shows on the owner's
 * screen and the responder's. And the same without a script, in Spanish. Screenshots: reports/screenshots/family-*.
 */
describe('telling the family from the card, in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends the message, the callback and the shared position; the owner sees it, and sees the contact answer', async () => {
    const { owner: client, email, token, primary } = await ownerWithCard();
    const owner = await openPage(browser, { viewport: DESKTOP });
    await useSession(owner.context, client.cookies);
    await owner.page.goto(`${baseUrl()}/history`);
    await owner.page.getByRole('heading', { name: 'Your QR Code History' }).waitFor();

    const responder = await responderPage(browser);
    const { page } = responder;
    await page.goto(`${baseUrl()}/emergency/${token}`);
    await page.locator('.tell-family summary').click();
    await page.getByLabel('Message (optional)').fill("Taken to St Mary's A&E");
    await page.getByRole('button', { name: 'Share my location' }).click();
    await page.getByText('Your location will be sent (within 12 m).').waitFor();
    await page.getByLabel('Your number, to call you back (optional)').fill('+44 7700 900456');
    await page.getByLabel('Your name (optional)').fill('Sam');
    await screenshot(page, 'family-form-phone-light');
    await page.getByRole('button', { name: 'Text their family' }).click();
    await page.getByText('Sent to 2 contacts. Waiting for one of them to answer.').waitFor();

    const [text] = await textsArrive(primary);
    expect(text!.body).toContain("Taken to St Mary's A&E");
    expect(text!.body).toContain('+44 7700 900456');
    expect(text!.body).toContain('mlat=51.51783&mlon=-0.17359');

    await eventually(async () => (await mailTo(email)).some((mail) => /reach your family/.test(mail.subject)), Boolean);
    // The owner's open history hears of it over the live socket, without a reload.
    const alerts = owner.page.getByRole('region', { name: 'Alerts from your card' });
    await alerts.getByText("Taken to St Mary's A&E").waitFor();
    await alerts.getByText('Waiting for an answer').waitFor();

    // The contact opens their link and answers.
    const contact = await openPage(browser, { viewport: PHONE });
    const link = /https?:\/\/\S+\/f\/[A-Za-z0-9_-]+/.exec(text!.body)![0];
    await contact.page.goto(link);
    await contact.page.getByRole('heading', { name: 'Someone is helping Imogen Thornbury' }).waitFor();
    await screenshot(contact.page, 'family-contact-page-phone-light');
    await contact.page.getByRole('button', { name: "I'm on it" }).click();
    await contact.page.getByText('Thank you: the helper and Imogen Thornbury can see that you are on it.').waitFor();

    await alerts.getByText('Ana Vasquez (Mother) is on it').waitFor({ timeout: 10_000 });
    await page.getByText('Sent to 2 contacts. Ana Vasquez is on it.').waitFor({ timeout: 10_000 });
    await screenshot(owner.page, 'family-owner-history-desktop-light');
    expect(responder.errors).toEqual([]);
    expect(owner.errors).toEqual([]);
    await Promise.all([responder.context.close(), owner.context.close(), contact.context.close()]);
  });

  it('works with JavaScript off, in Spanish: a typed place, and the status page after the post', async () => {
    const { token, primary } = await ownerWithCard(1);
    const { page, context } = await responderPage(browser, { javaScriptEnabled: false });
    await page.goto(`${baseUrl()}/emergency/${token}?lang=es`);
    await page.locator('.tell-family summary').click();
    expect(await page.getByRole('button', { name: /ubicación/i }).isVisible()).toBe(false);
    await page.locator('textarea[name="message"]').fill('Lo llevan al hospital');
    await page.locator('input[name="placeText"]').fill('Estación de Atocha, andén 2');
    await page.locator('.tell-family-form button[type="submit"]').click();
    await page.waitForURL(/\/told\//);
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    expect(await page.locator('.alert-status').textContent()).toMatch(/Enviado a 1 contacto\./);
    const [text] = await textsArrive(primary);
    expect(text!.body).toContain('Lo llevan al hospital');
    expect(text!.body).toContain('Estación de Atocha, andén 2');
    await screenshot(page, 'family-sent-no-script-es');
    await page.getByRole('link', { name: /tarjeta/i }).click();
    await page.waitForURL(new RegExp(`/emergency/${token}`));
    await context.close();
  });
});
