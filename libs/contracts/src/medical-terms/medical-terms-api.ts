import { z } from 'zod';
import { RESPONDER_LANGUAGES } from './languages.js';
import { MEDICAL_TERM_CATEGORIES, SNOMED_CT } from './medical-term.js';

export const MEDICAL_TERMS_SEARCH_MAX = 100;
export const MEDICAL_TERMS_LIMIT_MAX = 50;

/** `GET /api/medical-terms?search=&category=&lang=&limit=`: public, read from the curated list. */
export const medicalTermsQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(MEDICAL_TERMS_SEARCH_MAX, `must be at most ${MEDICAL_TERMS_SEARCH_MAX} characters`)
    .default(''),
  category: z
    .enum(MEDICAL_TERM_CATEGORIES, { error: `must be one of ${MEDICAL_TERM_CATEGORIES.join(', ')}` })
    .optional(),
  lang: z.enum(RESPONDER_LANGUAGES, { error: `must be one of ${RESPONDER_LANGUAGES.join(', ')}` }).default('en'),
  limit: z.coerce
    .number({ error: `must be a whole number from 1 to ${MEDICAL_TERMS_LIMIT_MAX}` })
    .int(`must be a whole number from 1 to ${MEDICAL_TERMS_LIMIT_MAX}`)
    .min(1, `must be a whole number from 1 to ${MEDICAL_TERMS_LIMIT_MAX}`)
    .max(MEDICAL_TERMS_LIMIT_MAX, `must be a whole number from 1 to ${MEDICAL_TERMS_LIMIT_MAX}`)
    .default(20),
});
export type MedicalTermsQuery = z.infer<typeof medicalTermsQuerySchema>;

/** One listed entry as the API answers it: `display` in the asked language. */
export const medicalTermViewSchema = z.object({
  code: z.string(),
  system: z.literal(SNOMED_CT),
  category: z.enum(MEDICAL_TERM_CATEGORIES),
  display: z.string(),
});
export type MedicalTermView = z.infer<typeof medicalTermViewSchema>;

export const medicalTermsResponseSchema = z.object({ terms: z.array(medicalTermViewSchema) });
export type MedicalTermsResponse = z.infer<typeof medicalTermsResponseSchema>;
