import { MEDICAL_TERMS } from './catalogue/index.js';
import { RESPONDER_LANGUAGES, type ResponderLanguage } from './languages.js';
import { MEDICAL_TERM_CATEGORIES, SNOMED_CT, type MedicalTerm } from './medical-term.js';
import { comparableText } from './entry-text.js';
import { isSnomedConceptId } from '../../../../test/support/snomed-id.js';

/**
 * Names spelt as in English, by code and language. Drug names are international nonproprietary names, written alike
 * in many languages; a few other words are the same too. Any other name equal to the English one is a name left
 * untranslated.
 */
const SAME_AS_ENGLISH: Record<string, readonly ResponderLanguage[]> = {
  // Allergens
  '764146007': ['de'], // Penicillin
  '111088007': ['fr', 'de'], // Latex
  '387207008': ['de', 'pl'], // Ibuprofen
  '373529000': ['fr'], // Morphine (also a medication)
  '372687004': ['de'], // Amoxicillin
  '89811004': ['es', 'fr', 'de', 'pl'], // Gluten
  '710179004': ['fr'], // Lupin
  '767406000': ['fr'], // Sulfites
  '387517004': ['es', 'de', 'pt', 'pl'], // Paracetamol
  '7034005': ['de', 'it'], // Diclofenac
  '372588000': ['de'], // Naproxen
  '428787002': ['fr'], // Macrolides
  '372694001': ['de'], // Erythromycin
  '372786004': ['de'], // Clindamycin
  '387562000': ['fr'], // Lamotrigine (also a medication)
  '387135004': ['fr', 'de'], // Allopurinol
  '372877000': ['de'], // Heparin (also a medication)
  '33396006': ['fr', 'de'], // Nickel
  // Conditions
  '73211009': ['es', 'pt'], // Diabetes
  '195967001': ['de'], // Asthma
  '13645005': ['de'], // COPD
  '707147002': ['es', 'it', 'pt', 'pl'], // Asplenia
  '91637004': ['de'], // Myasthenia gravis
  '41291007': ['es', 'it', 'pt'], // Angioedema
  '66071002': ['es', 'de'], // Hepatitis B
  '50711007': ['es', 'de'], // Hepatitis C
  '23986001': ['es', 'it', 'pt'], // Glaucoma
  '67531005': ['fr', 'de', 'it'], // Spina bifida
  '37796009': ['fr'], // Migraine
  '35489007': ['de'], // Depression
  '363346000': ['fr'], // Cancer
  // Medications
  '372756006': ['de', 'it'], // Warfarin
  '372862008': ['fr'], // Anticoagulants
  '698090000': ['fr', 'de', 'it'], // Apixaban
  '442031002': ['fr', 'de', 'it'], // Rivaroxaban
  '698871007': ['fr', 'de', 'it', 'pl'], // Dabigatran
  '712778008': ['fr', 'de', 'it'], // Edoxaban
  '372562003': ['de'], // Enoxaparin
  '67866001': ['de'], // Insulin
  '372567009': ['de'], // Metformin
  '386952008': ['es', 'fr', 'de', 'it', 'pt'], // Clopidogrel
  '698805004': ['es', 'de', 'it', 'pt'], // Ticagrelor
  '443129001': ['es', 'fr', 'de', 'it', 'pt', 'pl'], // Prasugrel
  '386868003': ['es', 'fr', 'de', 'pt', 'pl'], // Bisoprolol
  '372826007': ['es', 'de', 'pt', 'pl'], // Metoprolol
  '386872004': ['es', 'fr', 'de', 'it', 'pt'], // Ramipril
  '387461009': ['de'], // Digoxin
  '372821002': ['fr', 'it'], // Amiodarone
  '387475002': ['it'], // Furosemide
  '396458002': ['fr'], // Hydrocortisone
  '116601002': ['fr', 'it'], // Prednisolone
  '116602009': ['fr', 'it'], // Prednisone
  '387080000': ['fr'], // Valproate
  '387264003': ['es', 'de', 'it', 'pt', 'pl'], // Diazepam
  '373476007': ['es', 'fr', 'de', 'it', 'pt', 'pl'], // Midazolam
  '85899009': ['fr', 'de'], // Lithium
  '372897005': ['es', 'fr', 'de', 'pt', 'pl'], // Salbutamol
  // Devices
  '14106009': ['it'], // Pacemaker
  '25937001': ['de'], // Neurostimulator
};

/** The script each of these languages is written in (Japanese mixes kana and kanji). */
const SCRIPTS: Partial<Record<ResponderLanguage, RegExp>> = {
  ru: /\p{Script_Extensions=Cyrillic}/u,
  ar: /\p{Script_Extensions=Arabic}/u,
  zh: /\p{Script_Extensions=Han}/u,
  ja: /[\p{Script_Extensions=Hiragana}\p{Script_Extensions=Katakana}\p{Script_Extensions=Han}]/u,
  hi: /\p{Script_Extensions=Devanagari}/u,
};
/** Letters a name in another script may still hold: abbreviations written in Latin capitals everywhere (HIV, QT) and β. */
const BORROWED_LETTER = /[A-Z\p{Script=Greek}]/u;

const namesOf = (term: MedicalTerm) => RESPONDER_LANGUAGES.map((language) => term.names[language]);

describe('the curated list of medical terms', () => {
  it('holds at least 150 terms, at least 20 in each category', () => {
    expect(MEDICAL_TERMS.length).toBeGreaterThanOrEqual(150);
    for (const category of MEDICAL_TERM_CATEGORIES) {
      const count = MEDICAL_TERMS.filter((term) => term.category === category).length;
      expect({ category, atLeast20: count >= 20 }).toEqual({ category, atLeast20: true });
    }
  });

  it('codes every term with a valid SNOMED CT concept id', () => {
    const invalid = MEDICAL_TERMS.filter((term) => term.system !== SNOMED_CT || !isSnomedConceptId(term.code));
    expect(invalid.map((term) => `${term.code} ${term.names.en}`)).toEqual([]);
  });

  it('checks concept ids as SNOMED CT does', () => {
    expect(isSnomedConceptId('764146007')).toBe(true);
    // One digit changed, two digits swapped, a description id (partition 01), too short.
    expect(isSnomedConceptId('764146008')).toBe(false);
    expect(isSnomedConceptId('746146007')).toBe(false);
    expect(isSnomedConceptId('3635998019')).toBe(false);
    expect(isSnomedConceptId('10007')).toBe(false);
  });

  it('lists each concept once in a category (a substance may be both an allergen and a medication)', () => {
    const keys = MEDICAL_TERMS.map((term) => `${term.category}:${term.code}`);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it('names every term in every language: non-empty, trimmed, never with a comma or semicolon', () => {
    const bad = MEDICAL_TERMS.flatMap((term) =>
      [...namesOf(term), ...(term.synonyms ?? [])]
        .filter((name) => !name || name !== name.trim() || /[,;\n]/.test(name))
        .map((name) => `${term.code}: ${JSON.stringify(name)}`),
    );
    expect(bad).toEqual([]);
  });

  it('never lets one name or synonym stand for two terms of a category, in any language', () => {
    const owner = new Map<string, MedicalTerm>();
    const clashes: string[] = [];
    for (const term of MEDICAL_TERMS) {
      for (const text of new Set([...namesOf(term), ...(term.synonyms ?? [])].map(comparableText))) {
        const key = `${term.category}:${text}`;
        const other = owner.get(key);
        if (other && other !== term) clashes.push(`${key} (${other.code} and ${term.code})`);
        owner.set(key, term);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('translates every name, except the words listed as spelt the same', () => {
    const untranslated = MEDICAL_TERMS.flatMap((term) =>
      RESPONDER_LANGUAGES.filter(
        (language) =>
          language !== 'en' &&
          term.names[language] === term.names.en &&
          !SAME_AS_ENGLISH[term.code]?.includes(language),
      ).map((language) => `${term.code} ${language}: ${term.names.en}`),
    );
    expect(untranslated).toEqual([]);
    // The list holds no stale entry: each pair listed is still spelt the same.
    const stale = Object.entries(SAME_AS_ENGLISH).flatMap(([code, languages]) => {
      const term = MEDICAL_TERMS.find((candidate) => candidate.code === code);
      return languages.filter((language) => term?.names[language] !== term?.names.en).map((l) => `${code} ${l}`);
    });
    expect(stale).toEqual([]);
  });

  it('writes Russian, Arabic, Chinese, Japanese and Hindi names in their own script', () => {
    const wrong = MEDICAL_TERMS.flatMap((term) =>
      Object.entries(SCRIPTS).flatMap(([language, script]) => {
        const name = term.names[language as ResponderLanguage];
        const letters = [...name].filter((char) => /\p{L}/u.test(char));
        const fits =
          letters.some((char) => script.test(char)) &&
          letters.every((char) => script.test(char) || BORROWED_LETTER.test(char));
        return fits ? [] : [`${term.code} ${language}: ${name}`];
      }),
    );
    expect(wrong).toEqual([]);
  });
});
