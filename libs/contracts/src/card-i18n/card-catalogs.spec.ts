import { EMERGENCY_CALL } from '../medical-labels.js';
import { RESPONDER_LANGUAGES, type ResponderLanguage } from '../medical-terms/languages.js';
import { PLURAL_FORMS } from './card-catalog.js';
import { CARD_CATALOGS } from './catalogs.js';

const english: Record<string, string> = CARD_CATALOGS.en;
const countedPattern = new RegExp(`^(.+)_(${PLURAL_FORMS.join('|')})$`);
const counted = [...new Set(Object.keys(english).flatMap((key) => countedPattern.exec(key)?.[1] ?? []))];
const singular = Object.keys(english).filter((key) => !countedPattern.test(key));
const translated = RESPONDER_LANGUAGES.filter((language) => language !== 'en') as Exclude<ResponderLanguage, 'en'>[];

/** The service's name stays as it is in every language. */
const BRAND = ['refusalPageTitle'];

/**
 * Texts a language rightly writes as English does, each with its reason. Anything else equal to the English is a
 * text nobody translated.
 */
const SAME_AS_ENGLISH: Record<Exclude<ResponderLanguage, 'en'>, readonly string[]> = {
  // "SMS" is the word these languages use for a text message (Russian writes СМС, Arabic and Chinese their own word).
  // "No" is Spanish and Italian too, "Allergies" French, and "Name" German.
  es: [...BRAND, 'sms', 'no'],
  fr: [...BRAND, 'sms', 'allergies'],
  de: [...BRAND, 'sms', 'nameLabel'],
  it: [...BRAND, 'sms', 'no'],
  pt: [...BRAND, 'sms'],
  pl: [...BRAND, 'sms'],
  ru: BRAND,
  ar: BRAND,
  zh: BRAND,
  ja: [...BRAND, 'sms'],
  hi: [...BRAND, 'sms'],
};

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!).sort();

describe.each(translated)('the card catalog in %s', (language) => {
  const catalog: Record<string, string> = CARD_CATALOGS[language];
  const pluralForms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;

  it('has every text English has, none empty, and none English lacks', () => {
    const expected = [...singular, ...counted.flatMap((key) => pluralForms.map((form) => `${key}_${form}`))].sort();
    expect(Object.keys(catalog).sort()).toEqual(expected);
    for (const [key, text] of Object.entries(catalog)) {
      expect({ key, text: text.trim() }).toEqual({ key, text: expect.stringMatching(/\S/) });
      expect({ key, text }).toEqual({ key, text: text.trim() });
    }
  });

  it('puts in the values English puts in (a counted form may spell its number out)', () => {
    for (const key of singular) {
      expect({ key, placeholders: placeholders(catalog[key]!) }).toEqual({
        key,
        placeholders: placeholders(english[key]!),
      });
    }
    for (const key of counted) {
      for (const form of pluralForms) {
        const found = placeholders(catalog[`${key}_${form}`]!).filter((name) => name !== 'count');
        expect({ key, form, placeholders: found }).toEqual({ key, form, placeholders: [] });
      }
    }
  });

  it('differs from English in every text but those the allowlist gives a reason for', () => {
    const same = Object.keys(catalog).filter((key) => catalog[key] === english[key]);
    expect(same.sort()).toEqual([...SAME_AS_ENGLISH[language]].sort());
  });
});

describe('the English card catalog', () => {
  it('holds the texts the spec and the pages that cannot show a card fix', () => {
    expect(english).toMatchObject({
      notFoundTitle: 'Medical Card Not Found',
      notFoundText: 'This emergency medical card could not be found or may have expired.',
      createOwn: 'Create Your Own Medical Card',
      emergencyLead: EMERGENCY_CALL.lead,
      callEmergency: EMERGENCY_CALL.button,
    });
  });
});
