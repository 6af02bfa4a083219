import { severitiesByEntry, severityOf, severityRank, type AllergySeverityEntry } from './allergy-severity.js';
import { medicationFlags } from './first-minute.js';
import {
  EXTRA_MEDICAL_FIELDS,
  RESUSCITATION_LABELS,
  type AllergySeverity,
  type ResuscitationStatus,
} from './medical-labels.js';
import type { ResponderLanguage } from './medical-terms/languages.js';
import type { CodedField } from './medical-terms/entry-text.js';
import { recordEntries, termName } from './medical-terms/term-lookup.js';

/**
 * The first-minute block: the few facts that decide the first minutes, defined once for every view that shows them
 * (the card page, its print, the wallet card, the lock-screen image, the in-app scan and the offline QR's text).
 */
export type FirstMinuteKey =
  | 'name'
  | 'age'
  | 'bloodGroup'
  | 'resuscitation'
  | 'allergies'
  | 'bloodThinner'
  | 'insulin'
  | 'devices'
  | 'languages'
  | 'primaryContact';

/** How a view may mark a line: an alert (DNR, a blood thinner), a notice (an interpreter), or a muted "not stated". */
export type FirstMinuteTone = 'plain' | 'alert' | 'notice' | 'muted';

export interface FirstMinuteLine {
  key: FirstMinuteKey;
  label: string;
  value: string;
  tone: FirstMinuteTone;
}

/** The words of the block in one language. */
export interface FirstMinuteLabels {
  title: string;
  name: string;
  age: string;
  bloodGroup: string;
  resuscitation: string;
  resuscitationValues: Record<ResuscitationStatus, string>;
  allergies: string;
  /** Said after an allergy in brackets: "Penicillin (anaphylaxis)". */
  allergySeverities: Record<AllergySeverity, string>;
  noneRecorded: string;
  /** A fact the owner has not given that a blank would mislead on (the blood group). */
  notStated: string;
  bloodThinner: string;
  insulin: string;
  devices: string;
  languages: string;
  interpreterNeeded: string;
  noInterpreterNeeded: string;
  primaryContact: string;
  /** Ends a text cut to fit, so a reader knows there is more. */
  cut: string;
}

export const FIRST_MINUTE_LABELS_EN: FirstMinuteLabels = {
  title: 'EMERGENCY MEDICAL ID',
  name: 'Name',
  age: 'Age',
  bloodGroup: 'Blood group',
  resuscitation: 'Resuscitation',
  resuscitationValues: RESUSCITATION_LABELS,
  allergies: 'Allergies',
  allergySeverities: { intolerance: 'intolerance', severe: 'severe', anaphylaxis: 'anaphylaxis' },
  noneRecorded: 'None recorded',
  notStated: 'Not stated',
  bloodThinner: 'Takes a blood thinner',
  insulin: 'Uses insulin',
  devices: EXTRA_MEDICAL_FIELDS.devices,
  languages: EXTRA_MEDICAL_FIELDS.languagesSpoken,
  interpreterNeeded: 'Interpreter needed',
  noInterpreterNeeded: 'No interpreter needed',
  primaryContact: 'Call',
  cut: 'Cut to fit: the full card has more.',
};

/** What the block is read from: the card's facts, as the card and the owner's record both hold them. */
export interface FirstMinuteSource {
  firstName: string;
  lastName: string;
  age?: number | null;
  bloodGroup: string;
  resuscitationStatus?: ResuscitationStatus;
  directiveLocation?: string;
  allergies: string;
  /** The severities said for some allergies entries; none said for records saved before them. */
  allergySeverities?: readonly AllergySeverityEntry[];
  medications?: string;
  devices?: string;
  languagesSpoken?: string;
  interpreterNeeded?: boolean | null;
  emergencyContacts: ReadonlyArray<{ name: string; phone: string; relationship: string; isPrimary: boolean }>;
}

/** A field's entries with listed terms in the reader's language and the owner's own words as written. */
export function entriesIn(text: string, field: CodedField, language: ResponderLanguage): string {
  return recordEntries(text, field)
    .map((entry) => (entry.term ? termName(entry.term, language) : entry.text))
    .join(', ');
}

/**
 * The allergies, most severe first, each with its severity where the owner said one: "Penicillin (anaphylaxis),
 * Peanuts (severe), Latex". An alert when any is severe or anaphylaxis, and also when any has no severity said: that
 * one may be serious, as every allergy was read before severities existed. Only intolerances read plain.
 */
function allergiesLine(
  source: FirstMinuteSource,
  language: ResponderLanguage,
  labels: FirstMinuteLabels,
): { value: string; tone: FirstMinuteTone } {
  const said = severitiesByEntry(source.allergySeverities);
  const entries = recordEntries(source.allergies, 'allergies').map((entry) => ({
    name: entry.term ? termName(entry.term, language) : entry.text,
    severity: severityOf(entry.text, said),
  }));
  if (entries.length === 0) return { value: '', tone: 'muted' };
  // A stable sort: entries of one severity keep the owner's order.
  const value = [...entries]
    .sort((a, b) => severityRank(b.severity) - severityRank(a.severity))
    .map(({ name, severity }) => (severity ? `${name} (${labels.allergySeverities[severity]})` : name))
    .join(', ');
  const onlyIntolerances = entries.every(({ severity }) => severity === 'intolerance');
  return { value, tone: onlyIntolerances ? 'plain' : 'alert' };
}

/** The primary contact, or the first one when none is marked. */
export function primaryContactOf<T extends { isPrimary: boolean }>(contacts: readonly T[]): T | undefined {
  return contacts.find((contact) => contact.isPrimary) ?? contacts[0];
}

/** The block's lines in the order a crew reads them; facts not given are left out, except those a blank would mislead. */
export function firstMinuteBlock(
  source: FirstMinuteSource,
  language: ResponderLanguage = 'en',
  labels: FirstMinuteLabels = FIRST_MINUTE_LABELS_EN,
): FirstMinuteLine[] {
  const lines: FirstMinuteLine[] = [];
  const add = (key: FirstMinuteKey, label: string, value: string, tone: FirstMinuteTone = 'plain') =>
    lines.push({ key, label, value, tone });

  const name = `${source.firstName} ${source.lastName}`.trim();
  if (name) add('name', labels.name, name);
  if (typeof source.age === 'number') add('age', labels.age, String(source.age));
  const bloodGroup = source.bloodGroup.trim();
  add('bloodGroup', labels.bloodGroup, bloodGroup || labels.notStated, bloodGroup ? 'plain' : 'muted');

  // Said even when not stated: a blank would be read as "do everything" or "do nothing".
  const status = source.resuscitationStatus ?? 'not_stated';
  const where = status === 'directive' ? source.directiveLocation?.trim() : '';
  const statusTone = status === 'not_stated' ? 'muted' : status === 'full' ? 'plain' : 'alert';
  add(
    'resuscitation',
    labels.resuscitation,
    `${labels.resuscitationValues[status]}${where ? `: ${where}` : ''}`,
    statusTone,
  );

  const allergies = allergiesLine(source, language, labels);
  add('allergies', labels.allergies, allergies.value || labels.noneRecorded, allergies.tone);

  const { bloodThinners, insulins } = medicationFlags(source.medications ?? '');
  if (bloodThinners.length) add('bloodThinner', labels.bloodThinner, bloodThinners.join(', '), 'alert');
  if (insulins.length) add('insulin', labels.insulin, insulins.join(', '), 'alert');

  const devices = entriesIn(source.devices ?? '', 'devices', language);
  if (devices) add('devices', labels.devices, devices);

  const spoken = source.languagesSpoken?.trim() ?? '';
  const interpreter = source.interpreterNeeded ?? null;
  const interpreterText =
    interpreter === null ? '' : interpreter ? labels.interpreterNeeded : labels.noInterpreterNeeded;
  const languages = [spoken, interpreterText].filter(Boolean).join(' · ');
  if (languages) add('languages', labels.languages, languages, interpreter ? 'notice' : 'plain');

  const contact = primaryContactOf(source.emergencyContacts);
  if (contact) {
    const who = contact.relationship ? `${contact.name} (${contact.relationship})` : contact.name;
    add('primaryContact', labels.primaryContact, `${who} ${contact.phone}`.trim());
  }
  return lines;
}
