import type { ResponderLanguage } from './languages.js';

/** What a listed entry is: the four kinds of fact the form offers entries for. */
export const MEDICAL_TERM_CATEGORIES = ['allergen', 'condition', 'medication', 'device'] as const;
export type MedicalTermCategory = (typeof MEDICAL_TERM_CATEGORIES)[number];

export const SNOMED_CT = 'http://snomed.info/sct';

/**
 * One entry of the curated list: a stable code in a named code system, and its name in every responder language.
 * Names written for this project sit beside the code so a speaker reviewing a language sees what each one means.
 */
export interface MedicalTerm {
  /** The concept's identifier in `system` (a SNOMED CT concept id: digits with a Verhoeff check digit). */
  code: string;
  system: typeof SNOMED_CT;
  category: MedicalTermCategory;
  /** The name shown in each language; the English one is the display of the FHIR coding. */
  names: Record<ResponderLanguage, string>;
  /** Other ways people write it in English ("penicillins", "PCN"), matched like the names. */
  synonyms?: readonly string[];
}
