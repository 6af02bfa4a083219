import { createInstance, type i18n } from 'i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_TAGS,
  RESPONDER_LANGUAGES,
  type ResponderLanguage,
  textDirection,
} from '../medical-terms/languages.js';
import type { CardPluralKey, CardTextKey } from './card-catalog.js';
import { CARD_CATALOGS } from './catalogs.js';

/** The card's texts in one language, with what a page in it declares. */
export interface LocalizedCardTexts {
  language: ResponderLanguage;
  /** The BCP 47 tag for `lang` and Content-Language. */
  tag: string;
  dir: 'ltr' | 'rtl';
  /** A text, with its `{{values}}` put in as given (the caller escapes them for where they go). */
  t(key: CardTextKey, values?: Record<string, string | number>): string;
  /** A counted text, in the form the language's plural rules choose for `count`. */
  plural(key: CardPluralKey, count: number): string;
  /** A language's name in this one ("anglais" in French), for the owner's-words mark. */
  languageName(language: ResponderLanguage): string;
  /** A day as this language writes it in full, in UTC ("23 novembre 2026"). */
  longDate(date: Date): string;
}

/** Made on first use, not at import: a bundle that imports the contracts without the card's texts never runs i18next. */
let instance: i18n | undefined;

function cardI18n(): i18n {
  if (instance) return instance;
  const made = createInstance();
  // Everything is bundled, so initialisation is synchronous: the first card rendered already has its texts.
  void made.init({
    resources: Object.fromEntries(RESPONDER_LANGUAGES.map((language) => [language, { card: CARD_CATALOGS[language] }])),
    ns: ['card'],
    defaultNS: 'card',
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...RESPONDER_LANGUAGES],
    initAsync: false,
    // Flat keys; values are escaped by whoever writes them into markup, never twice.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
  instance = made;
  return made;
}

const texts = new Map<ResponderLanguage, LocalizedCardTexts>();

/** The card's texts in `language` (English for a language it does not list). */
export function cardTexts(language: ResponderLanguage): LocalizedCardTexts {
  const known = texts.get(language);
  if (known) return known;
  const t = cardI18n().getFixedT(language);
  const tag = LANGUAGE_TAGS[language];
  const names = new Intl.DisplayNames([tag], { type: 'language', fallback: 'code' });
  const dates = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' });
  const made: LocalizedCardTexts = {
    language,
    tag,
    dir: textDirection(language),
    t: (key, values) => t(key, values ?? {}),
    plural: (key, count) => t(key, { count }),
    languageName: (other) => names.of(other) ?? other,
    longDate: (date) => dates.format(date),
  };
  texts.set(language, made);
  return made;
}
