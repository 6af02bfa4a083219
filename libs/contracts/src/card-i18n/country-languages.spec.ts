import { languageOfCountry } from './country-languages.js';

describe('the language a text is answered in, by the country of its number', () => {
  it.each([
    ['ES', 'es'],
    ['MX', 'es'],
    ['BR', 'pt'],
    ['FR', 'fr'],
    ['CH', 'de'],
    ['EG', 'ar'],
    ['JP', 'ja'],
    ['IN', 'hi'],
    ['TW', 'zh'],
    ['US', 'en'],
    ['GB', 'en'],
  ])('%s reads %s', (country, language) => {
    expect(languageOfCountry(country)).toBe(language);
  });

  it('answers English for an unknown or missing country', () => {
    expect(languageOfCountry(undefined)).toBe('en');
    expect(languageOfCountry('ZZ')).toBe('en');
  });
});
