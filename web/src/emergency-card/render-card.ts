import { dialableNumber, GENDER_LABELS, type EmergencyCard, type EmergencyContact } from '@medical-qr/contracts';
import { h, icon, Icons } from './dom.js';

export const CardTexts = {
  notFoundTitle: 'Medical Card Not Found',
  notFoundText: 'This emergency medical card could not be found or may have expired.',
  noneRecorded: 'None recorded',
  createOwn: 'Create Your Own Medical Card',
} as const;

function section(title: string, ...content: (Node | string)[]) {
  return h('section', { class: 'panel', 'aria-label': title }, h('h2', { class: 'panel-title' }, title), ...content);
}

function fact(label: string, value: string, className = '') {
  return h('div', { class: `fact ${className}`.trim() }, h('dt', {}, label), h('dd', {}, value));
}

/** Free text as the person wrote it, or a clear "None recorded" so a blank is never misread. */
function freeText(value: string, className: string) {
  const text = value.trim();
  return text
    ? h('p', { class: `free-text ${className}` }, text)
    : h('p', { class: 'free-text none' }, CardTexts.noneRecorded);
}

function contactCard(contact: EmergencyContact) {
  const number = dialableNumber(contact.phone);
  return h(
    'li',
    { class: 'contact' },
    h(
      'div',
      { class: 'contact-who' },
      h(
        'p',
        { class: 'contact-name' },
        h('span', {}, contact.name),
        contact.isPrimary ? h('span', { class: 'badge' }, 'Primary') : null,
      ),
      contact.relationship ? h('p', { class: 'contact-relationship' }, contact.relationship) : null,
      h('p', { class: 'contact-phone' }, contact.phone),
    ),
    h(
      'div',
      { class: 'contact-actions' },
      h(
        'a',
        { class: 'button call', href: `tel:${number}`, 'aria-label': `Call ${contact.name}` },
        icon([...Icons.phone]),
        'Call',
      ),
      h(
        'a',
        { class: 'button sms', href: `sms:${number}`, 'aria-label': `Send a text message to ${contact.name}` },
        icon([...Icons.message]),
        'SMS',
      ),
    ),
  );
}

/** The card: who this is, then what a responder needs first (blood group, allergies), then whom to call. */
export function renderCard(card: EmergencyCard, options: { canShare: boolean }): HTMLElement {
  const fullName = `${card.firstName} ${card.lastName}`.trim();
  const contacts = [...card.emergencyContacts].sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary));
  const hasAllergies = card.allergies.trim() !== '';

  return h(
    'article',
    { class: 'card' },
    h(
      'header',
      { class: 'card-header' },
      h('p', { class: 'eyebrow' }, icon([...Icons.heart], 'icon small'), 'Emergency medical information'),
      h('h1', { class: 'name' }, fullName),
    ),
    h(
      'dl',
      { class: 'critical' },
      fact('Blood group', card.bloodGroup, 'blood'),
      fact('Organ donor', card.organDonor ? 'Yes' : 'No'),
    ),
    section(
      'Allergies',
      hasAllergies ? h('p', { class: 'alert-line' }, icon([...Icons.alert], 'icon small'), 'Allergies recorded') : '',
      freeText(card.allergies, 'allergies'),
    ),
    section('Medical conditions', freeText(card.medicalConditions, 'conditions')),
    section(
      'Emergency contacts',
      contacts.length
        ? h('ul', { class: 'contacts' }, ...contacts.map(contactCard))
        : h('p', { class: 'free-text none' }, 'No emergency contacts recorded'),
    ),
    section(
      'Personal information',
      h(
        'dl',
        { class: 'facts' },
        fact('Full name', fullName),
        fact('Gender', GENDER_LABELS[card.gender] ?? GENDER_LABELS.unspecified),
        fact('Email', card.email),
        card.phoneNumber ? fact('Phone', card.phoneNumber) : null,
      ),
    ),
    h(
      'nav',
      { class: 'card-actions', 'aria-label': 'Card actions' },
      h(
        'button',
        { type: 'button', class: 'button secondary', 'data-action': 'print' },
        icon([...Icons.printer]),
        'Print',
      ),
      options.canShare
        ? h(
            'button',
            { type: 'button', class: 'button secondary', 'data-action': 'share' },
            icon([...Icons.share]),
            'Share',
          )
        : null,
      h('a', { class: 'button primary', href: '/' }, icon([...Icons.plus]), CardTexts.createOwn),
    ),
  );
}

/** The state for an unknown token or any failure to load: say so plainly and offer the way on. */
export function renderNotFound(options: { canRetry: boolean }): HTMLElement {
  return h(
    'article',
    { class: 'card not-found', role: 'alert' },
    h('p', { class: 'not-found-icon' }, icon([...Icons.alert], 'icon large')),
    h('h1', { class: 'name' }, CardTexts.notFoundTitle),
    h('p', { class: 'free-text' }, CardTexts.notFoundText),
    h(
      'nav',
      { class: 'card-actions' },
      options.canRetry
        ? h('button', { type: 'button', class: 'button secondary', 'data-action': 'retry' }, 'Try again')
        : null,
      h('a', { class: 'button primary', href: '/' }, icon([...Icons.plus]), CardTexts.createOwn),
    ),
  );
}
