/**
 * The languages a responder can read the card in (step 16). The owner's free text is never translated; listed
 * (coded) entries and every label are. `en` is the fallback for anything a responder's phone asks that is not here.
 */
export const RESPONDER_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'pl', 'ru', 'ar', 'zh', 'ja', 'hi'] as const;
export type ResponderLanguage = (typeof RESPONDER_LANGUAGES)[number];

export const DEFAULT_LANGUAGE: ResponderLanguage = 'en';

/** Each language named in itself, as a switcher lists it. */
export const LANGUAGE_ENDONYMS: Record<ResponderLanguage, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  pt: 'Português',
  pl: 'Polski',
  ru: 'Русский',
  ar: 'العربية',
  zh: '简体中文',
  ja: '日本語',
  hi: 'हिन्दी',
};

/** The BCP 47 tag a page or a PDF declares for the language (`lang` attribute); Chinese is the Simplified script. */
export const LANGUAGE_TAGS: Record<ResponderLanguage, string> = {
  en: 'en',
  es: 'es',
  fr: 'fr',
  de: 'de',
  it: 'it',
  pt: 'pt',
  pl: 'pl',
  ru: 'ru',
  ar: 'ar',
  zh: 'zh-Hans',
  ja: 'ja',
  hi: 'hi',
};

export const RIGHT_TO_LEFT_LANGUAGES: readonly ResponderLanguage[] = ['ar'];

export function isResponderLanguage(value: unknown): value is ResponderLanguage {
  return typeof value === 'string' && (RESPONDER_LANGUAGES as readonly string[]).includes(value);
}

export function textDirection(language: ResponderLanguage): 'rtl' | 'ltr' {
  return RIGHT_TO_LEFT_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
}
