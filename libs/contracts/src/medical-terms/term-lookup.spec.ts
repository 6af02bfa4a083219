import { splitEntries } from './entry-text.js';
import { findTerm, recordEntries, searchTerms, termName } from './term-lookup.js';

const PENICILLIN = '764146007';
const PEANUTS = '762952008';
const ASPIRIN = '387458008';

const codesOf = (entries: ReturnType<typeof recordEntries>) => entries.map((entry) => entry.term?.code ?? null);
const englishNames = (terms: ReturnType<typeof searchTerms>) => terms.map((term) => term.names.en);

describe('reading a free-text field against the curated list', () => {
  it('reads "Penicillin, peanuts" as the two listed terms, in English or in Spanish', () => {
    expect(codesOf(recordEntries('Penicillin, peanuts', 'allergies'))).toEqual([PENICILLIN, PEANUTS]);
    expect(codesOf(recordEntries('Penicilina; Cacahuetes', 'allergies'))).toEqual([PENICILLIN, PEANUTS]);
    expect(recordEntries('Penicillin, peanuts', 'allergies').map((entry) => entry.text)).toEqual([
      'Penicillin',
      'peanuts',
    ]);
  });

  it('matches case and accents aside, in any language', () => {
    expect(findTerm('PÉNICILLINE', 'allergen')?.code).toBe(PENICILLIN);
    expect(findTerm('  penicillin  ', 'allergen')?.code).toBe(PENICILLIN);
    expect(findTerm('ペニシリン', 'allergen')?.code).toBe(PENICILLIN);
  });

  it("leaves the owner's own words as written, listed terms beside them", () => {
    expect(recordEntries("my cat's hair\nLatex", 'allergies')).toEqual([
      { text: "my cat's hair" },
      { text: 'Latex', term: expect.objectContaining({ code: '111088007' }) },
    ]);
    // A listed word inside a longer entry is not the entry: the owner said more than the term.
    expect(findTerm('penicillin rash as a child', 'allergen')).toBeUndefined();
  });

  it('reads a field against its own category only', () => {
    expect(findTerm('Aspirin', 'allergen')?.category).toBe('allergen');
    expect(findTerm('Aspirin', 'medication')?.category).toBe('medication');
    expect(findTerm('Pacemaker', 'allergen')).toBeUndefined();
    expect(codesOf(recordEntries('Eliquis, Pacemaker', 'medications'))).toEqual(['698090000', null]);
  });

  it('splits on commas, semicolons and new lines, keeping commas inside brackets', () => {
    expect(splitEntries('Penicillin; latex, peanuts\nbee stings (wasps, hornets)')).toEqual([
      'Penicillin',
      'latex',
      'peanuts',
      'bee stings (wasps, hornets)',
    ]);
  });

  it('names a term in the asked language', () => {
    const penicillin = findTerm('penicillin', 'allergen')!;
    expect(termName(penicillin, 'fr')).toBe('Pénicilline');
    expect(termName(penicillin, 'zh')).toBe('青霉素');
  });
});

describe('searching the curated list', () => {
  it('ranks names and synonyms that start with the search (or a word of them) before those that only hold it', () => {
    const found = englishNames(searchTerms({ search: 'in', category: 'medication', language: 'en', limit: 6 }));
    // Insulin, ACE inhibitors, Salbutamol ("reliever inhaler") start a word with it, though listed after the first two
    // that only hold it: Warfarin and Anticoagulants ("blood thinner").
    expect(found.slice(0, 3)).toEqual(['Insulin', 'ACE inhibitors', 'Salbutamol']);
    expect(found.slice(3, 5)).toEqual(['Warfarin', 'Anticoagulants']);
  });

  it('keeps to the asked category', () => {
    const everywhere = searchTerms({ search: 'aspirin', language: 'en', limit: 10 });
    expect(everywhere.map((term) => `${term.category}:${term.code}`)).toEqual([
      `allergen:${ASPIRIN}`,
      `medication:${ASPIRIN}`,
    ]);
    const medications = searchTerms({ search: 'asp', category: 'medication', language: 'en', limit: 10 });
    expect(medications.map((term) => term.category)).toEqual(['medication']);
  });

  it("searches the asked language's names, English and the synonyms", () => {
    expect(englishNames(searchTerms({ search: 'cacahu', language: 'es', limit: 5 }))).toEqual(['Peanuts']);
    expect(searchTerms({ search: 'cacahu', language: 'en', limit: 5 })).toEqual([]);
    expect(englishNames(searchTerms({ search: 'peanu', language: 'es', limit: 5 }))).toEqual(['Peanuts']);
    expect(englishNames(searchTerms({ search: 'xarel', category: 'medication', language: 'de', limit: 5 }))).toEqual([
      'Rivaroxaban',
    ]);
  });

  it('gives at most the limit, the list in order when nothing is searched', () => {
    const first = searchTerms({ search: '', category: 'device', language: 'en', limit: 3 });
    expect(englishNames(first)).toEqual(['Pacemaker', 'Implantable defibrillator', 'Insulin pump']);
  });
});
