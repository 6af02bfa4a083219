import type { MedicalTermCategory } from './medical-term.js';

// Reading a free-text field as entries, apart from the term list: the form uses these without loading the list.

/** Which listed category each free-text field of the record is read against. */
export const FIELD_TERM_CATEGORIES = {
  allergies: 'allergen',
  medicalConditions: 'condition',
  medications: 'medication',
  devices: 'device',
} as const satisfies Record<string, MedicalTermCategory>;
export type CodedField = keyof typeof FIELD_TERM_CATEGORIES;

/** Text as compared: case, accents and spacing aside ("Pénicilline " equals "penicilline"). */
export function comparableText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A free-text field as separate entries: people list them with commas, semicolons or new lines. */
export function splitEntries(text: string): string[] {
  return text
    .split(/[;\n]|,(?![^(]*\))/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}
