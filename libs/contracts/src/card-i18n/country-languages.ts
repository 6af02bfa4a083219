import type { ResponderLanguage } from '../medical-terms/languages.js';

/**
 * The card's language for a phone number's country (ISO 3166), for a reply by text where no browser says what its
 * reader reads: the country's main language among the twelve, English elsewhere. Countries of several languages go by
 * the one most of its people read (Switzerland: German; Belgium: French, for its capital; Canada: English).
 */
const COUNTRY_LANGUAGES: Partial<Record<string, ResponderLanguage>> = {
  ...Object.fromEntries(
    [
      'ES',
      'MX',
      'AR',
      'CO',
      'CL',
      'PE',
      'VE',
      'EC',
      'GT',
      'CU',
      'BO',
      'DO',
      'HN',
      'PY',
      'SV',
      'NI',
      'CR',
      'PA',
      'UY',
      'PR',
      'GQ',
    ].map((country) => [country, 'es']),
  ),
  ...Object.fromEntries(
    ['FR', 'BE', 'LU', 'MC', 'SN', 'CI', 'ML', 'BF', 'NE', 'GN', 'CD', 'CG', 'CM', 'GA', 'MG', 'HT', 'BJ', 'TG'].map(
      (country) => [country, 'fr'],
    ),
  ),
  ...Object.fromEntries(['DE', 'AT', 'CH', 'LI'].map((country) => [country, 'de'])),
  ...Object.fromEntries(['IT', 'SM', 'VA'].map((country) => [country, 'it'])),
  ...Object.fromEntries(['PT', 'BR', 'AO', 'MZ', 'CV', 'GW', 'ST', 'TL'].map((country) => [country, 'pt'])),
  PL: 'pl',
  ...Object.fromEntries(['RU', 'BY', 'KZ', 'KG'].map((country) => [country, 'ru'])),
  ...Object.fromEntries(
    [
      'SA',
      'AE',
      'EG',
      'MA',
      'DZ',
      'TN',
      'LY',
      'SD',
      'JO',
      'LB',
      'SY',
      'IQ',
      'KW',
      'QA',
      'BH',
      'OM',
      'YE',
      'PS',
      'MR',
    ].map((country) => [country, 'ar']),
  ),
  ...Object.fromEntries(['CN', 'TW', 'HK', 'MO'].map((country) => [country, 'zh'])),
  JP: 'ja',
  IN: 'hi',
};

export function languageOfCountry(country: string | undefined): ResponderLanguage {
  return (country && COUNTRY_LANGUAGES[country.toUpperCase()]) || 'en';
}
