/**
 * @jest-environment jsdom
 */
/// <reference lib="dom" />
import { within } from '@testing-library/dom';
import { cardTexts, type EmergencyCard } from '@medical-qr/contracts';
import { CardTexts } from './card-texts.js';
import { cardView } from './card-view.js';
import { SafeHtml } from './html.js';
import { refusalView } from './refusal-view.js';

const card: EmergencyCard = {
  firstName: 'Imogen',
  lastName: 'Vasquez',
  email: 'imogen@example.com',
  phoneNumber: '+44 20 7946 0958',
  gender: 'prefer-not-to-say',
  bloodGroup: 'AB-',
  allergies: 'Penicillin',
  medicalConditions: '',
  organDonor: true,
  medications: 'Apixaban 5 mg twice daily',
  devices: '',
  languagesSpoken: 'Catalan',
  careDirectives: 'DNR: document in wallet',
  age: 47,
  resuscitationStatus: 'dnr',
  directiveLocation: '',
  interpreterNeeded: true,
  writtenIn: 'en',
  emergencyContacts: [
    { id: '1', name: 'Sam', phone: '555-0100', relationship: 'Friend', isPrimary: false },
    { id: '2', name: 'Bart', phone: '+44 (0) 7700-900123', relationship: 'Brother', isPrimary: true },
  ],
  createdAt: '2026-11-23T10:00:00Z',
  expiresAt: null,
  factsCheckedAt: '2026-11-23T10:00:00Z',
};

const options = {
  cardUrl: 'https://qr.example.org/emergency/AbCdEfGhIjKlMnOpQrStUv',
  qr: new SafeHtml('<svg class="qr"></svg>'),
  printedOn: new Date('2026-11-23T12:00:00Z'),
};

/** The markup as a browser would parse it. */
function parse(markup: SafeHtml): HTMLElement {
  const container = document.createElement('main');
  container.innerHTML = markup.markup;
  return container;
}

describe('the server-rendered card', () => {
  it('shows blood group and allergies first, then the other critical facts, then whom to call', () => {
    const view = within(parse(cardView(card, options)));
    const text = view.getByRole('heading', { level: 1 }).closest('article')!.textContent!;
    // The first-minute facts in the crew's order: blood group, resuscitation, allergies, blood thinner, languages with
    // the interpreter; then the rest as written, and whom to call.
    const order = [
      'AB-',
      'Do not resuscitate (DNR)',
      'Penicillin',
      'Takes a blood thinner',
      'Catalan · Interpreter needed',
      'DNR: document in wallet',
      'Apixaban 5 mg twice daily',
      'Call',
      'Sam',
    ];
    expect(order.map((fact) => text.indexOf(fact))).toEqual(
      order.map((fact) => text.indexOf(fact)).sort((a, b) => a - b),
    );
    expect(view.getByRole('heading', { level: 1 }).textContent).toBe('Imogen Vasquez');
    expect(text).toContain('Age 47');
    expect(view.getByRole('heading', { name: 'Allergies' })).toBeTruthy();
    expect(view.getByText('Prefer not to say')).toBeTruthy();
    expect(view.getByText('Yes')).toBeTruthy();
    // An empty field says so rather than leaving a blank that could be misread; an optional one is left out.
    expect(view.getByText(CardTexts.noneRecorded)).toBeTruthy();
    expect(view.queryByText('Devices and implants')).toBeNull();

    // The primary contact comes first; numbers are dialled with digits only (a leading + kept).
    const calls = view.getAllByRole('link', { name: /^Call / });
    expect(calls.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      ['Call Bart', 'tel:+4407700900123'],
      ['Call Sam', 'tel:5550100'],
    ]);
    expect(calls[0]!.closest('section')!.getAttribute('aria-label')).toBe('Primary emergency contact');
    expect(view.getByRole('link', { name: 'SMS: send a text message to Sam' }).getAttribute('href')).toBe(
      'sms:5550100',
    );
    expect(view.getByText('Primary')).toBeTruthy();
    expect(view.getByRole('link', { name: CardTexts.createOwn }).getAttribute('href')).toBe('/');
  });

  it('says "Not stated" for an organ donor choice never made, never "No"', () => {
    const view = within(parse(cardView({ ...card, organDonor: null, gender: 'unspecified' }, options)));
    expect(view.getAllByText('Not stated')).toHaveLength(2);
    expect(view.queryByText('No')).toBeNull();
  });

  it('keeps Print, Share and Copy hidden for the script to show, and carries the link and date for paper', () => {
    const page = parse(cardView(card, options));
    expect(page.querySelector('nav.card-actions')!.hasAttribute('hidden')).toBe(true);
    expect(page.querySelector('[data-action="share"]')!.hasAttribute('hidden')).toBe(true);
    const printed = page.querySelector('.print-only')!;
    expect(printed.querySelector('svg.qr')).not.toBeNull();
    expect(printed.textContent).toContain(options.cardUrl);
    expect(printed.textContent).toContain('Printed November 23, 2026');
  });

  it('prints the reference under the code: with the SMS number when there is one, alone without', () => {
    const withReference = { ...card, reference: 'K7QM 4XPD' };
    const printed = (view: SafeHtml) => parse(view).querySelector('.print-code .print-reference');
    const texted = printed(cardView(withReference, { ...options, smsNumber: '+15551234567' }))!;
    expect(texted.textContent).toBe('No data? Text K7QM 4XPD to +15551234567');
    // Each value runs left to right on its own, so a reference or number inside a right-to-left sentence keeps its order.
    expect([...texted.querySelectorAll('[dir="ltr"]')].map((value) => value.textContent)).toEqual([
      'K7QM 4XPD',
      '+15551234567',
    ]);
    expect(printed(cardView(withReference, options))!.textContent).toBe('Ref. K7QM 4XPD');
    // A code without a reference yet (or a records service older than references) prints none.
    expect(printed(cardView(card, { ...options, smsNumber: '+15551234567' }))).toBeNull();
    // On paper only.
    expect(texted.closest('.print-only')).not.toBeNull();
  });

  it("prints the reference's words in the reader's language, the values as they are", () => {
    const arabic = parse(
      cardView({ ...card, reference: 'K7QM 4XPD' }, { ...options, smsNumber: '+15551234567', texts: cardTexts('ar') }),
    ).querySelector('.print-reference')!;
    expect(arabic.textContent).toBe('لا يوجد إنترنت؟ أرسل K7QM 4XPD في رسالة نصية إلى +15551234567');
    expect(arabic.querySelector('.sms-number')!.getAttribute('dir')).toBe('ltr');
    const hostile = parse(cardView({ ...card, reference: '<b>K7QM</b>' }, options)).querySelector('.print-reference')!;
    expect(hostile.querySelector('b')).toBeNull();
  });

  it('shows what a person wrote as text, never as markup', () => {
    const hostile = `<img src=x onerror=alert(1)>"'&`;
    const hostileCard: EmergencyCard = {
      ...card,
      firstName: hostile,
      allergies: hostile,
      careDirectives: hostile,
      emergencyContacts: [
        { id: '1', name: `"><script>alert(1)</script>`, phone: '5550100', relationship: hostile, isPrimary: true },
      ],
    };
    const page = parse(cardView(hostileCard, options));
    expect(page.querySelector('img, script')).toBeNull();
    expect(within(page).getAllByText(hostile, { exact: false }).length).toBeGreaterThanOrEqual(3);
    expect(within(page).getByRole('link', { name: `Call "><script>alert(1)</script>` })).toBeTruthy();
  });
});

describe('a card that cannot be shown', () => {
  it('leads with the emergency number, then says plainly what happened', () => {
    const page = parse(refusalView({ kind: 'not-found' }, '/emergency/x'));
    const view = within(page);
    const call = view.getByRole('link', { name: /Call 911/ });
    expect(call.getAttribute('href')).toBe('tel:911');
    expect(view.getByText(CardTexts.emergencyLead)).toBeTruthy();
    expect(view.getByRole('heading', { name: CardTexts.notFoundTitle })).toBeTruthy();
    expect(view.getByText(CardTexts.notFoundText)).toBeTruthy();
    // Before any upsell, and no retry where a retry cannot help.
    const links = view.getAllByRole('link').map((link) => link.textContent!.trim());
    expect(links.indexOf(CardTexts.callEmergency)).toBeLessThan(links.indexOf(CardTexts.createOwn));
    expect(view.queryByRole('link', { name: CardTexts.tryAgain })).toBeNull();
  });

  it('offers a retry when it was too busy or the service did not answer', () => {
    const limited = within(parse(refusalView({ kind: 'rate-limited', retryAfterSeconds: 240 }, '/emergency/x')));
    expect(limited.getByText('Try again in 4 minutes.')).toBeTruthy();
    expect(limited.getByRole('link', { name: CardTexts.tryAgain }).getAttribute('href')).toBe('/emergency/x');
    expect(limited.getByRole('link', { name: /Call 911/ })).toBeTruthy();
    const unavailable = within(parse(refusalView({ kind: 'unavailable' }, '/emergency/x')));
    expect(unavailable.getByRole('heading', { name: CardTexts.unavailableTitle })).toBeTruthy();
    expect(unavailable.getByRole('link', { name: CardTexts.tryAgain })).toBeTruthy();
  });
});
