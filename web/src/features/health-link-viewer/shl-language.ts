import {
  DEFAULT_LANGUAGE,
  isResponderLanguage,
  responderLanguageOf,
  type ResponderLanguage,
} from '@medical-qr/contracts';

/**
 * The viewer's language, chosen as the card's is: `?lang=` when it names one of the card's languages, else the first
 * of the browser's languages the card has, else English.
 */
export function viewerLanguage(search: string, browserLanguages: readonly string[]): ResponderLanguage {
  const asked = new URLSearchParams(search).get('lang');
  if (isResponderLanguage(asked)) return asked;
  for (const tag of browserLanguages) {
    const language = responderLanguageOf(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
