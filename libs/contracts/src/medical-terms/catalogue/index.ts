import type { MedicalTerm } from '../medical-term.js';
import { ALLERGENS } from './allergens.js';
import { CONDITIONS } from './conditions.js';
import { DEVICES } from './devices.js';
import { MEDICATIONS } from './medications.js';

/** The curated list, one array per category. */
export const MEDICAL_TERMS: readonly MedicalTerm[] = [...ALLERGENS, ...CONDITIONS, ...MEDICATIONS, ...DEVICES];
