import { type Country, orderedCountries } from '@medical-qr/contracts';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Every two-letter code, AA to ZZ: the candidates, of which countryName keeps those that name a country. */
function twoLetterCodes(): string[] {
  return [...LETTERS].flatMap((first) => [...LETTERS].map((second) => `${first}${second}`));
}

let countries: readonly Country[] | undefined;

/** Every ISO 3166-1 alpha-2 country with its English name, CA, US, GB and IN first: made once, on first use. */
export function shippingCountries(): readonly Country[] {
  return (countries ??= Object.freeze(orderedCountries(twoLetterCodes())));
}
