import {
  type AllergySeverity,
  cardTexts,
  type CodedField,
  dialableNumber,
  type EmergencyCard,
  type EmergencyContact,
  type LocalizedCardTexts,
  medicationFlags,
  severitiesByEntry,
  type ResuscitationStatus,
} from '@medical-qr/contracts';
import { html, type SafeHtml } from './html.js';
import { icon } from './icons.js';
import { languageSwitcher } from './language-switcher.js';
import { tellFamilyForm } from './tell-family-view.js';
import { fieldInReading, ownerWords, ownerWordsMark, type Reading } from './owner-words.js';

export interface CardViewOptions {
  /** The link this page is at (and its QR encodes), for the printed copy. */
  cardUrl: string;
  qr: SafeHtml;
  /** The offline code: the first-minute block as plain text, which a camera shows without a network. */
  offlineQr?: SafeHtml;
  printedOn: Date;
  /** The service's SMS number (E.164), printed beside the code's reference; unset, the reference alone is printed. */
  smsNumber?: string;
  /** The responder's language; English unless given. */
  texts?: LocalizedCardTexts;
  /** Where "Tell their family" posts; no form without it (or without a contact to text). */
  familyAlertAction?: string;
}

const RESUSCITATION_KEYS = {
  not_stated: 'notStated',
  full: 'resuscitationFull',
  dnr: 'resuscitationDnr',
  directive: 'resuscitationDirective',
} as const satisfies Record<ResuscitationStatus, string>;

const GENDER_KEYS = {
  unspecified: 'notStated',
  male: 'genderMale',
  female: 'genderFemale',
  other: 'genderOther',
  'prefer-not-to-say': 'genderPreferNotToSay',
} as const satisfies Record<EmergencyCard['gender'], string>;

/** Undefined from a records service older than a field (during a rolling update) reads as empty. */
const written = (value: string | undefined) => (value ?? '').trim();

/** A clear "None recorded", so a blank is never misread. */
function noneRecorded(texts: LocalizedCardTexts) {
  return html`<p class="free-text none">${texts.t('noneRecorded')}</p>`;
}

/**
 * A field as the reader reads it: a coded one with its listed entries in the reader's language, any other in the
 * owner's words; with the mark that says so, when the owner's words are in another language. Undefined when empty.
 */
function fieldValue(
  value: string | undefined,
  field: CodedField | undefined,
  reading: Reading,
  severities?: ReadonlyMap<string, AllergySeverity>,
) {
  const text = written(value);
  if (!text) return undefined;
  if (!field) return { text: ownerWords(text, reading.writtenIn), mark: ownerWordsMark(reading) };
  const { markup, ownerWritten } = fieldInReading(text, field, reading, severities);
  return { text: markup, mark: ownerWritten ? ownerWordsMark(reading) : '' };
}

/** A section's title, and beside it whether what follows is in the owner's words. */
function blockHead(title: SafeHtml | string, mark: SafeHtml | '' = '') {
  return html`<div class="block-head">
    <h2 class="block-title">${title}</h2>
    ${mark}
  </div>`;
}

/** A labelled fact; `always` ones say "None recorded" when empty, the others are left out. */
function factItem(
  title: string,
  value: string | undefined,
  reading: Reading,
  options: { field?: CodedField; className?: string; always?: boolean } = {},
) {
  const shown = fieldValue(value, options.field, reading);
  if (!shown && !options.always) return '';
  return html`<section class="fact-item ${options.className ?? ''}">
    ${blockHead(title, shown?.mark)}
    ${shown ? html`<p class="free-text">${shown.text}</p>` : noneRecorded(reading.texts)}
  </section>`;
}

function identity(card: EmergencyCard, { texts, writtenIn }: Reading) {
  return html`<header class="identity">
    <p class="eyebrow">${icon('heart', 'icon small')}${texts.t('eyebrow')}</p>
    <div class="identity-row">
      <div>
        <h1 class="name" id="card-name">${ownerWords(`${card.firstName} ${card.lastName}`.trim(), writtenIn)}</h1>
        ${card.age === null || card.age === undefined ? '' : html`<p class="age">${texts.t('age', { years: card.age })}</p>`}
      </div>
      <dl class="blood">
        <dt>${texts.t('bloodGroup')}</dt>
        <dd elementtiming="blood-group" dir="ltr">${card.bloodGroup}</dd>
      </dl>
    </div>
  </header>`;
}

/** Resuscitation wishes as stated; "Not stated" is said, so a blank is never read as a choice. */
function resuscitation(card: EmergencyCard, { texts, writtenIn }: Reading) {
  const status = card.resuscitationStatus ?? 'not_stated';
  const where = status === 'directive' && card.directiveLocation?.trim();
  return html`<div class="first-fact resus resus-${status}">
    <dt>${texts.t('resuscitation')}</dt>
    <dd>
      ${texts.t(RESUSCITATION_KEYS[status])}${where ? html`<span class="resus-where">: ${ownerWords(where, writtenIn)}</span>` : ''}
    </dd>
  </div>`;
}

function firstFact(label: string, value: SafeHtml, className = '') {
  return html`<div class="first-fact ${className}">
    <dt>${label}</dt>
    <dd>${value}</dd>
  </div>`;
}

/** The languages the person speaks, and whether an interpreter is needed, when either was said. */
function languages(card: EmergencyCard, { texts, writtenIn }: Reading) {
  const spoken = written(card.languagesSpoken);
  const interpreter = card.interpreterNeeded ?? null;
  if (!spoken && interpreter === null) return '';
  const need = interpreter === null ? '' : texts.t(interpreter ? 'interpreterNeeded' : 'noInterpreterNeeded');
  const value =
    spoken && need
      ? html`${ownerWords(spoken, writtenIn)} · ${need}`
      : html`${spoken ? ownerWords(spoken, writtenIn) : need}`;
  return firstFact(texts.t('languagesSpoken'), value, interpreter ? 'interpreter' : '');
}

/** Drugs found in the medications, as the owner wrote them. */
function flagged(words: string[], writtenIn: Reading['writtenIn']) {
  return ownerWords(words.join(', '), writtenIn);
}

/**
 * The first-minute facts, in the order a crew needs them (after the name, age and blood group): resuscitation, then
 * the allergies, then blood thinners and insulin (read from the medications as written), implanted devices, and the
 * languages with whether an interpreter is needed. The primary contact's Call stays on screen throughout.
 */
function firstMinute(card: EmergencyCard, reading: Reading) {
  const { texts, writtenIn } = reading;
  const { bloodThinners, insulins } = medicationFlags(card.medications ?? '');
  const devices = fieldValue(card.devices, 'devices', reading);
  const afterAllergies = [
    bloodThinners.length ? firstFact(texts.t('bloodThinner'), flagged(bloodThinners, writtenIn), 'alert') : '',
    insulins.length ? firstFact(texts.t('insulin'), flagged(insulins, writtenIn), 'alert') : '',
    devices ? firstFact(texts.t('devices'), html`${devices.text} ${devices.mark}`) : '',
    languages(card, reading),
  ].filter((part) => part !== '');
  return {
    before: html`<dl class="first-minute">${resuscitation(card, reading)}</dl>`,
    after: afterAllergies.length ? html`<dl class="first-minute">${afterAllergies}</dl>` : '',
  };
}

/** What a responder needs before anything else: allergies, resuscitation wishes, history, drugs, devices. */
function criticalFacts(card: EmergencyCard, reading: Reading) {
  const { texts } = reading;
  const { before, after } = firstMinute(card, reading);
  const allergies = fieldValue(card.allergies, 'allergies', reading, severitiesByEntry(card.allergySeverities));
  return html`${before}
    <section class="allergies">
      ${blockHead(html`${icon('alert', 'icon small')}${texts.t('allergies')}`, allergies?.mark)}
      ${allergies ? html`<p class="free-text">${allergies.text}</p>` : noneRecorded(texts)}
    </section>
    ${after}
    <div class="fact-list">
      ${factItem(texts.t('careDirectives'), card.careDirectives, reading, { className: 'directives' })}
      ${factItem(texts.t('medicalConditions'), card.medicalConditions, reading, {
        field: 'medicalConditions',
        always: true,
      })}
      ${factItem(texts.t('medications'), card.medications, reading, { field: 'medications' })}
    </div>`;
}

function callButtons(contact: EmergencyContact, texts: LocalizedCardTexts) {
  const number = dialableNumber(contact.phone);
  const name = { name: contact.name };
  return html`<div class="contact-actions">
    <a class="button call" href="tel:${number}" aria-label="${texts.t('callContact', name)}"
      >${icon('phone')}${texts.t('call')}</a
    >
    <a class="button sms" href="sms:${number}" aria-label="${texts.t('smsContact', name)}"
      >${icon('message')}${texts.t('sms')}</a
    >
  </div>`;
}

function contactWho(contact: EmergencyContact, { texts, writtenIn }: Reading) {
  return html`<p class="contact-who">
    <span class="contact-name">${ownerWords(contact.name, writtenIn)}</span>
    ${contact.isPrimary ? html`<span class="badge">${texts.t('primaryBadge')}</span>` : ''}
    ${contact.relationship ? html`<span class="contact-meta">${ownerWords(contact.relationship, writtenIn)}</span>` : ''}
    <span class="contact-phone" dir="ltr">${contact.phone}</span>
  </p>`;
}

/** The primary (or first) contact: stays at the bottom of the screen until the page scrolls to it. */
function primaryContact(contact: EmergencyContact | undefined, reading: Reading) {
  const { texts } = reading;
  if (!contact) return html`<p class="free-text none">${texts.t('noContacts')}</p>`;
  return html`<section class="primary-contact" aria-label="${texts.t('primaryContact')}">
    ${contactWho(contact, reading)} ${callButtons(contact, texts)}
  </section>`;
}

function otherContacts(contacts: EmergencyContact[], reading: Reading) {
  if (!contacts.length) return '';
  const { texts } = reading;
  const items = contacts.map(
    (contact) => html`<li class="contact">${contactWho(contact, reading)} ${callButtons(contact, texts)}</li>`,
  );
  return html`<section class="panel" aria-label="${texts.t('otherContacts')}">
    <h2 class="block-title">${texts.t('otherContacts')}</h2>
    <ul class="contacts">
      ${items}
    </ul>
  </section>`;
}

function fact(label: string, value: SafeHtml | string | null | undefined) {
  return value
    ? html`<div class="fact">
        <dt>${label}</dt>
        <dd>${value}</dd>
      </div>`
    : '';
}

function personalFacts(card: EmergencyCard, texts: LocalizedCardTexts) {
  const organDonor = card.organDonor === null ? 'notStated' : card.organDonor ? 'yes' : 'no';
  return html`<section class="panel" aria-label="${texts.t('moreAboutPerson')}">
    <h2 class="block-title">${texts.t('moreAboutPerson')}</h2>
    <dl class="facts">
      ${fact(texts.t('gender'), texts.t(GENDER_KEYS[card.gender] ?? 'notStated'))}
      ${fact(texts.t('organDonor'), texts.t(organDonor))}
      ${fact(texts.t('email'), card.email && html`<span dir="ltr">${card.email}</span>`)}
      ${fact(texts.t('phone'), card.phoneNumber && html`<span dir="ltr">${card.phoneNumber}</span>`)}
    </dl>
  </section>`;
}

/**
 * Print, Share and Copy need a script: hidden until the page's script shows the ones this browser can do. What it
 * says once a link is copied (or not) comes with the page, in its language.
 */
function cardActions(texts: LocalizedCardTexts) {
  return html`<nav class="card-actions" aria-label="${texts.t('cardActions')}" hidden>
    <button type="button" class="button secondary" data-action="print">${icon('printer')}${texts.t('print')}</button>
    <button type="button" class="button secondary" data-action="share" hidden>
      ${icon('share')}${texts.t('share')}
    </button>
    <button type="button" class="button secondary" data-action="copy">${icon('link')}${texts.t('copyLink')}</button>
    <p
      class="action-status"
      role="status"
      data-copied="${texts.t('linkCopied')}"
      data-copy-failed="${texts.t('copyFailed')}"
    ></p>
  </nav>`;
}

/** A printed code with what it does written under it, and anything else said under the code (its reference). */
function printedCode(code: SafeHtml, caption: string, under: SafeHtml | '' = '') {
  return html`<figure class="print-code">
    ${code}
    <figcaption>${caption}</figcaption>
    ${under}
  </figure>`;
}

/**
 * A text with values put in, each in its own element running left to right whatever the language (a reference or a
 * phone number inside an Arabic sentence keeps its order), and escaped like every value.
 */
function withValues(
  texts: LocalizedCardTexts,
  key: 'textReference' | 'reference',
  values: Record<string, { text: string; className: string }>,
): SafeHtml {
  const marked = Object.fromEntries(Object.keys(values).map((name) => [name, `\uE000${name}\uE001`]));
  const parts = texts.t(key, marked).split(/\uE000(\w+)\uE001/);
  return html`${parts.map((part, index) => {
    const value = index % 2 === 1 ? values[part] : undefined;
    return value ? html`<span class="${value.className}" dir="ltr">${value.text}</span>` : part;
  })}`;
}

/**
 * Under the printed code: its reference, which a responder without data texts to the SMS number for the
 * first-minute facts ("No data? Text K7QM 4XPD to +15551234567"), or the reference alone without a number.
 */
function printedReference(card: EmergencyCard, options: CardViewOptions, texts: LocalizedCardTexts) {
  if (!card.reference) return '';
  const reference = { text: card.reference, className: 'reference' };
  const text = options.smsNumber
    ? withValues(texts, 'textReference', { reference, number: { text: options.smsNumber, className: 'sms-number' } })
    : withValues(texts, 'reference', { reference });
  return html`<p class="print-reference">${text}</p>`;
}

/**
 * Only on paper: the way back to the current card (its QR, its reference to text without data, and its link), the
 * offline code that reads without a network, and when this copy was made.
 */
function printedSheet(card: EmergencyCard, options: CardViewOptions, texts: LocalizedCardTexts) {
  return html`<section class="print-only">
    ${printedCode(options.qr, texts.t('openFullCard'), printedReference(card, options, texts))}
    ${options.offlineQr ? printedCode(options.offlineQr, texts.t('readOffline')) : ''}
    <div>
      <p>${texts.t('printHint')}</p>
      <p class="print-link" dir="ltr">${options.cardUrl}</p>
      <p>${texts.t('printed', { date: texts.longDate(options.printedOn) })}</p>
    </div>
  </section>`;
}

/** How current the facts are, on screen and on paper; none from a records service older than the date (mid-update). */
function factsChecked(card: EmergencyCard, texts: LocalizedCardTexts) {
  const checkedOn = new Date(card.factsCheckedAt ?? '');
  if (Number.isNaN(checkedOn.getTime())) return '';
  return html`<p class="facts-checked">${texts.t('factsChecked', { date: texts.longDate(checkedOn) })}</p>`;
}

/**
 * The card: who this is, what a responder needs first, whom to call; the rest below. Labels in the responder's
 * language, the owner's words as written; every value is escaped.
 */
export function cardView(card: EmergencyCard, options: CardViewOptions): SafeHtml {
  const texts = options.texts ?? cardTexts('en');
  const reading: Reading = { texts, writtenIn: card.writtenIn ?? 'en' };
  const [primary, ...others] = [...card.emergencyContacts].sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary));
  return html`<article class="card" aria-labelledby="card-name">
    ${languageSwitcher(texts)} ${identity(card, reading)} ${criticalFacts(card, reading)}
    ${primaryContact(primary, reading)}
    ${options.familyAlertAction && primary ? tellFamilyForm(options.familyAlertAction, texts) : ''}
    ${otherContacts(others, reading)} ${personalFacts(card, texts)} ${cardActions(texts)}
    ${printedSheet(card, options, texts)}
    <footer class="card-footer">
      ${factsChecked(card, texts)}
      <p class="emergency-line">${texts.t('emergencyLead')}</p>
      <a class="create-own" href="/">${texts.t('createOwn')}</a>
    </footer>
  </article>`;
}
