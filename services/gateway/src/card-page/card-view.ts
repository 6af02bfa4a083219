import {
  dialableNumber,
  type EmergencyCard,
  type EmergencyContact,
  EXTRA_MEDICAL_FIELDS,
  GENDER_LABELS,
  interpreterLabel,
  medicationFlags,
  organDonorLabel,
  RESUSCITATION_LABELS,
} from '@medical-qr/contracts';
import { CardTexts } from './card-texts.js';
import { html, type SafeHtml } from './html.js';
import { icon } from './icons.js';

export interface CardViewOptions {
  /** The link this page is at (and its QR encodes), for the printed copy. */
  cardUrl: string;
  qr: SafeHtml;
  printedOn: Date;
}

const PRINTED_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** Free text as the person wrote it, or a clear "None recorded" so a blank is never misread. */
function freeText(value: string | undefined) {
  // Undefined from a records service older than these fields (during a rolling update).
  const text = (value ?? '').trim();
  return text ? html`<p class="free-text">${text}</p>` : html`<p class="free-text none">${CardTexts.noneRecorded}</p>`;
}

/** A labelled fact; `always` ones say "None recorded" when empty, the others are left out. */
function factItem(title: string, value: string | undefined, options: { className?: string; always?: boolean } = {}) {
  if (!options.always && !value?.trim()) return '';
  return html`<section class="fact-item ${options.className ?? ''}">
    <h2 class="block-title">${title}</h2>
    ${freeText(value)}
  </section>`;
}

function identity(card: EmergencyCard) {
  return html`<header class="identity">
    <p class="eyebrow">${icon('heart', 'icon small')}${CardTexts.eyebrow}</p>
    <div class="identity-row">
      <div>
        <h1 class="name" id="card-name">${`${card.firstName} ${card.lastName}`.trim()}</h1>
        ${card.age === null || card.age === undefined ? '' : html`<p class="age">${CardTexts.age(card.age)}</p>`}
      </div>
      <dl class="blood">
        <dt>Blood group</dt>
        <dd elementtiming="blood-group">${card.bloodGroup}</dd>
      </dl>
    </div>
  </header>`;
}

/** Resuscitation wishes as stated; "Not stated" is said, so a blank is never read as a choice. */
function resuscitation(card: EmergencyCard) {
  const status = card.resuscitationStatus ?? 'not_stated';
  const where = status === 'directive' && card.directiveLocation?.trim();
  return html`<div class="first-fact resus resus-${status}">
    <dt>${CardTexts.resuscitation}</dt>
    <dd>${RESUSCITATION_LABELS[status]}${where ? html`<span class="resus-where">: ${where}</span>` : ''}</dd>
  </div>`;
}

function firstFact(label: string, value: string, className = '') {
  return html`<div class="first-fact ${className}">
    <dt>${label}</dt>
    <dd>${value}</dd>
  </div>`;
}

/** The languages the person speaks, and whether an interpreter is needed, when either was said. */
function languages(card: EmergencyCard) {
  const spoken = card.languagesSpoken?.trim() ?? '';
  const interpreter = card.interpreterNeeded ?? null;
  if (!spoken && interpreter === null) return '';
  const parts = [spoken, interpreter === null ? '' : interpreterLabel(interpreter)].filter(Boolean);
  return firstFact(EXTRA_MEDICAL_FIELDS.languagesSpoken, parts.join(' · '), interpreter ? 'interpreter' : '');
}

/**
 * The first-minute facts, in the order a crew needs them (after the name, age and blood group): resuscitation, then
 * the allergies, then blood thinners and insulin (read from the medications), implanted devices, and the languages
 * with whether an interpreter is needed. The primary contact's Call stays on screen throughout.
 */
function firstMinute(card: EmergencyCard) {
  const { bloodThinners, insulins } = medicationFlags(card.medications ?? '');
  const afterAllergies = [
    bloodThinners.length ? firstFact(CardTexts.bloodThinner, bloodThinners.join(', '), 'alert') : '',
    insulins.length ? firstFact(CardTexts.insulin, insulins.join(', '), 'alert') : '',
    card.devices?.trim() ? firstFact(EXTRA_MEDICAL_FIELDS.devices, card.devices.trim()) : '',
    languages(card),
  ].filter((part) => part !== '');
  return {
    before: html`<dl class="first-minute">${resuscitation(card)}</dl>`,
    after: afterAllergies.length ? html`<dl class="first-minute">${afterAllergies}</dl>` : '',
  };
}

/** What a responder needs before anything else: allergies, resuscitation wishes, history, drugs, devices. */
function criticalFacts(card: EmergencyCard) {
  const { before, after } = firstMinute(card);
  return html`${before}
    <section class="allergies">
      <h2 class="block-title">${icon('alert', 'icon small')}Allergies</h2>
      ${freeText(card.allergies)}
    </section>
    ${after}
    <div class="fact-list">
      ${factItem(EXTRA_MEDICAL_FIELDS.careDirectives, card.careDirectives, { className: 'directives' })}
      ${factItem('Medical conditions', card.medicalConditions, { always: true })}
      ${factItem(EXTRA_MEDICAL_FIELDS.medications, card.medications)}
    </div>`;
}

function callButtons(contact: EmergencyContact) {
  const number = dialableNumber(contact.phone);
  return html`<div class="contact-actions">
    <a class="button call" href="tel:${number}" aria-label="Call ${contact.name}">${icon('phone')}Call</a>
    <a class="button sms" href="sms:${number}" aria-label="SMS: send a text message to ${contact.name}"
      >${icon('message')}SMS</a
    >
  </div>`;
}

function contactWho(contact: EmergencyContact) {
  return html`<p class="contact-who">
    <span class="contact-name">${contact.name}</span>
    ${contact.isPrimary ? html`<span class="badge">Primary</span>` : ''}
    ${contact.relationship ? html`<span class="contact-meta">${contact.relationship}</span>` : ''}
    <span class="contact-phone">${contact.phone}</span>
  </p>`;
}

/** The primary (or first) contact: stays at the bottom of the screen until the page scrolls to it. */
function primaryContact(contact: EmergencyContact | undefined) {
  if (!contact) return html`<p class="free-text none">${CardTexts.noContacts}</p>`;
  return html`<section class="primary-contact" aria-label="Primary emergency contact">
    ${contactWho(contact)} ${callButtons(contact)}
  </section>`;
}

function otherContacts(contacts: EmergencyContact[]) {
  if (!contacts.length) return '';
  const items = contacts.map(
    (contact) => html`<li class="contact">${contactWho(contact)} ${callButtons(contact)}</li>`,
  );
  return html`<section class="panel" aria-label="Other emergency contacts">
    <h2 class="block-title">Other emergency contacts</h2>
    <ul class="contacts">
      ${items}
    </ul>
  </section>`;
}

function fact(label: string, value: string | null | undefined) {
  return value
    ? html`<div class="fact">
        <dt>${label}</dt>
        <dd>${value}</dd>
      </div>`
    : '';
}

function personalFacts(card: EmergencyCard) {
  return html`<section class="panel" aria-label="More about this person">
    <h2 class="block-title">More about this person</h2>
    <dl class="facts">
      ${fact('Gender', GENDER_LABELS[card.gender] ?? GENDER_LABELS.unspecified)}
      ${fact('Organ donor', organDonorLabel(card.organDonor))} ${fact('Email', card.email)}
      ${fact('Phone', card.phoneNumber)}
    </dl>
  </section>`;
}

/** Print, Share and Copy need a script: hidden until the page's script shows the ones this browser can do. */
function cardActions() {
  return html`<nav class="card-actions" aria-label="Card actions" hidden>
    <button type="button" class="button secondary" data-action="print">${icon('printer')}Print</button>
    <button type="button" class="button secondary" data-action="share" hidden>${icon('share')}Share</button>
    <button type="button" class="button secondary" data-action="copy">${icon('link')}Copy link</button>
    <p class="action-status" role="status"></p>
  </nav>`;
}

/** Only on paper: the way back to the current card (its QR and link) and when this copy was made. */
function printedSheet(options: CardViewOptions) {
  return html`<section class="print-only">
    ${options.qr}
    <div>
      <p>${CardTexts.printHint}</p>
      <p class="print-link">${options.cardUrl}</p>
      <p>Printed ${PRINTED_DATE.format(options.printedOn)}</p>
    </div>
  </section>`;
}

/** How current the facts are, on screen and on paper; none from a records service older than the date (mid-update). */
function factsChecked(card: EmergencyCard) {
  const checkedOn = new Date(card.factsCheckedAt ?? '');
  if (Number.isNaN(checkedOn.getTime())) return '';
  return html`<p class="facts-checked">Facts last checked by the owner on ${PRINTED_DATE.format(checkedOn)}</p>`;
}

/** The card: who this is, what a responder needs first, whom to call; the rest below. Every value is escaped. */
export function cardView(card: EmergencyCard, options: CardViewOptions): SafeHtml {
  const [primary, ...others] = [...card.emergencyContacts].sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary));
  return html`<article class="card" aria-labelledby="card-name">
    ${identity(card)} ${criticalFacts(card)} ${primaryContact(primary)} ${otherContacts(others)} ${personalFacts(card)}
    ${cardActions()} ${printedSheet(options)}
    <footer class="card-footer">
      ${factsChecked(card)}
      <p class="emergency-line">${CardTexts.emergencyLead}</p>
      <a class="create-own" href="/">${CardTexts.createOwn}</a>
    </footer>
  </article>`;
}
