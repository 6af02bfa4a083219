import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { medicalForm } from '../records/records-fixtures.js';
import { signedInClient } from '../support/accounts.js';
import { baseUrl } from '../support/api.js';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot, useSession } from '../support/browser.js';
import { COLOUR_RULES, describeViolations, WCAG_21_AA } from './accessibility-checks.js';

/** Each rule once per width, as the accessibility checks run them: the other scheme only changes the colours. */
const LAYOUTS = [
  { name: '390-light', viewport: PHONE, scheme: 'light', rules: 'all' },
  { name: '390-dark', viewport: PHONE, scheme: 'dark', rules: 'colour' },
  { name: '1280-light', viewport: DESKTOP, scheme: 'light', rules: 'colour' },
  { name: '1280-dark', viewport: DESKTOP, scheme: 'dark', rules: 'all' },
] as const;

/** The suggestions of the picker the label names, and the picker itself. */
function picker(page: Page, label: string) {
  return { box: page.getByRole('combobox', { name: label }), list: page.getByRole('listbox', { name: label }) };
}

/** The open popup is on screen whole: inside the viewport's width, and no part of the page drawn over its last option. */
async function expectPopupInSight(page: Page, list: Locator) {
  // Mid-screen: the box above it clear of the sticky header.
  await list.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const width = page.viewportSize()!.width;
  const box = (await list.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  const last = list.getByRole('option').last();
  const topmost = await last.evaluate((option) => {
    const { left, top, width: w, height: h } = option.getBoundingClientRect();
    return option.contains(document.elementFromPoint(left + w / 2, top + h / 2));
  });
  expect(topmost).toBe(true);
}

describe('the form’s list pickers and “Written in”, in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('adds listed entries from the keyboard, saves them with the language of the text and an allergy’s severity, and the card shows them', async () => {
    const { client } = await signedInClient('term-picker');
    const created = await client.post(
      '/api/medical-records',
      medicalForm({ allergies: 'Latex', medicalConditions: '' }),
    );
    const record = created.body as { id: string; token: string };
    const { context, page, errors } = await openPage(browser, { viewport: PHONE });
    await useSession(context, client.cookies);
    await page.goto(baseUrl());
    await page.getByRole('button', { name: 'Save changes' }).waitFor();

    const allergens = picker(page, 'Add a listed allergen');
    await allergens.box.pressSequentially('peni');
    await allergens.list.getByRole('option', { name: 'Penicillin' }).waitFor();
    expect(await allergens.box.getAttribute('aria-expanded')).toBe('true');
    await page
      .getByRole('status')
      .filter({ hasText: /^\d+ suggestions?$/ })
      .waitFor();
    await page.keyboard.press('ArrowDown');
    const first = allergens.list.getByRole('option').first();
    expect(await first.textContent()).toBe('Penicillin');
    expect(await first.getAttribute('aria-selected')).toBe('true');
    expect(await allergens.box.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));

    // The popup open, at a phone's width and a desktop's, light and dark: on screen whole, and no serious or
    // critical violation.
    for (const layout of LAYOUTS) {
      await page.setViewportSize(layout.viewport);
      await page.emulateMedia({ colorScheme: layout.scheme });
      await page.waitForFunction(
        (dark) => document.documentElement.classList.contains('dark') === dark,
        layout.scheme === 'dark',
      );
      await expectPopupInSight(page, allergens.list);
      const axe = new AxeBuilder({ page });
      const results = await (layout.rules === 'all' ? axe.withTags(WCAG_21_AA) : axe.withRules(COLOUR_RULES)).analyze();
      await screenshot(page, `term-picker-open-${layout.name}`, { fullPage: false });
      expect(describeViolations(results.violations)).toEqual([]);
    }
    expect(await allergens.box.evaluate((box) => box === document.activeElement)).toBe(true);

    await page.keyboard.press('Enter');
    expect(await page.getByLabel('Allergies', { exact: true }).inputValue()).toBe('Latex, Penicillin');
    expect(await allergens.box.inputValue()).toBe('');
    expect(await allergens.box.evaluate((box) => box === document.activeElement)).toBe(true);
    await page.getByText('On the list: Penicillin. Responders read it in their own language.').waitFor();

    // Under the allergies, a severity for each entry the text names: anaphylaxis for Penicillin, Latex left unsaid.
    const severities = page.getByRole('group', { name: 'How severe is each allergy?' });
    const penicillin = page.getByRole('combobox', { name: 'Penicillin severity' });
    await penicillin.selectOption({ label: 'Anaphylaxis' });
    expect(await page.getByRole('combobox', { name: 'Latex severity' }).inputValue()).toBe('');
    for (const layout of LAYOUTS.filter(({ viewport }) => viewport === PHONE)) {
      await page.setViewportSize(layout.viewport);
      await page.emulateMedia({ colorScheme: layout.scheme });
      await page.waitForFunction(
        (dark) => document.documentElement.classList.contains('dark') === dark,
        layout.scheme === 'dark',
      );
      await severities.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      const group = (await severities.boundingBox())!;
      expect(group.x + group.width).toBeLessThanOrEqual(PHONE.width);
      const results = await new AxeBuilder({ page }).include('form').withRules(COLOUR_RULES).analyze();
      await screenshot(page, `allergy-severity-${layout.name}`, { fullPage: false });
      expect(describeViolations(results.violations)).toEqual([]);
    }
    // Back to the desktop's dark layout the steps below were written in.
    await page.setViewportSize(DESKTOP);
    await page.emulateMedia({ colorScheme: 'dark' });

    const conditions = picker(page, 'Add a listed condition');
    await conditions.box.pressSequentially('epil');
    await conditions.list.getByRole('option', { name: 'Epilepsy' }).waitFor();
    await page.keyboard.press('ArrowDown');
    expect(await conditions.list.getByRole('option', { selected: true }).textContent()).toBe('Epilepsy');
    await page.keyboard.press('Enter');
    expect(await page.getByLabel('Medical conditions', { exact: true }).inputValue()).toBe('Epilepsy');

    await page.getByLabel('Written in').selectOption({ label: 'Español' });
    await screenshot(page, 'term-picker-picked-1280-dark', { fullPage: false });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Changes saved').first().waitFor();

    const saved = (await client.get(`/api/medical-records/${record.id}`)).body;
    expect(saved).toMatchObject({
      allergies: 'Latex, Penicillin',
      allergySeverities: [{ entry: 'Penicillin', severity: 'anaphylaxis' }],
      medicalConditions: 'Epilepsy',
      writtenIn: 'es',
    });

    // The form opened again shows the language chosen.
    await page.reload();
    await page.getByRole('button', { name: 'Save changes' }).waitFor();
    expect(await page.getByLabel('Written in').inputValue()).toBe('es');
    expect(await penicillin.inputValue()).toBe('anaphylaxis');

    const responder = await openPage(browser, { viewport: PHONE });
    await responder.page.goto(`${baseUrl()}/emergency/${record.token}`);
    for (const entry of ['Penicillin', 'Epilepsy']) {
      await responder.page.getByText(entry, { exact: false }).first().waitFor();
    }
    expect(responder.errors).toEqual([]);
    await responder.context.close();
    expect(errors).toEqual([]);
    await context.close();
  });
});
