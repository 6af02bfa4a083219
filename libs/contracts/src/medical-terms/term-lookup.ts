import { MEDICAL_TERMS } from './catalogue/index.js';
import { DEFAULT_LANGUAGE, RESPONDER_LANGUAGES, type ResponderLanguage } from './languages.js';
import { comparableText, type CodedField, FIELD_TERM_CATEGORIES, splitEntries } from './entry-text.js';
import type { MedicalTerm, MedicalTermCategory } from './medical-term.js';

/** One entry of a free-text field: the listed term it names exactly, or the owner's own words. */
export type RecordEntry = { text: string; term: MedicalTerm } | { text: string; term?: undefined };

/** Every name and synonym of every term, per category: made on first use, then kept (cards are read on every view). */
let termsByText: Map<string, MedicalTerm> | undefined;

function termIndex(): Map<string, MedicalTerm> {
  if (termsByText) return termsByText;
  termsByText = new Map();
  for (const term of MEDICAL_TERMS) {
    for (const text of [...RESPONDER_LANGUAGES.map((language) => term.names[language]), ...(term.synonyms ?? [])]) {
      const key = `${term.category}:${comparableText(text)}`;
      if (!termsByText.has(key)) termsByText.set(key, term);
    }
  }
  return termsByText;
}

/** The listed term an entry names exactly (in any language, or a synonym), if any. */
export function findTerm(entry: string, category: MedicalTermCategory): MedicalTerm | undefined {
  return termIndex().get(`${category}:${comparableText(entry)}`);
}

/** A field's entries, each read as a listed term where it names one exactly. */
export function recordEntries(text: string, field: CodedField): RecordEntry[] {
  const category = FIELD_TERM_CATEGORIES[field];
  return splitEntries(text).map((entry) => {
    const term = findTerm(entry, category);
    return term ? { text: entry, term } : { text: entry };
  });
}

export function termName(term: MedicalTerm, language: ResponderLanguage): string {
  return term.names[language] || term.names[DEFAULT_LANGUAGE];
}

export interface TermSearch {
  search: string;
  category?: MedicalTermCategory;
  language: ResponderLanguage;
  limit: number;
}

/**
 * Listed terms whose name (in the asked language or English) or synonym holds the search, those that start with it
 * first, then in the list's order.
 */
export function searchTerms({ search, category, language, limit }: TermSearch): MedicalTerm[] {
  const wanted = comparableText(search);
  const ranked: Array<{ term: MedicalTerm; rank: number }> = [];
  for (const term of MEDICAL_TERMS) {
    if (category && term.category !== category) continue;
    const texts = [term.names[language], term.names[DEFAULT_LANGUAGE], ...(term.synonyms ?? [])].map(comparableText);
    const rank = !wanted
      ? 1
      : texts.some((text) => text.startsWith(wanted) || text.includes(` ${wanted}`))
        ? 0
        : texts.some((text) => text.includes(wanted))
          ? 1
          : -1;
    if (rank >= 0) ranked.push({ term, rank });
  }
  return ranked
    .sort((a, b) => a.rank - b.rank)
    .slice(0, limit)
    .map(({ term }) => term);
}
