import { countryName, orderedCountries } from './countries.js';

describe('shipping countries', () => {
  it('puts CA, US, GB, IN first, in that order, then the rest alphabetically by name', () => {
    const codes = ['DE', 'IN', 'US', 'AU', 'GB', 'CA', 'AT', 'ZA'];
    expect(orderedCountries(codes).map((country) => country.code)).toEqual([
      'CA',
      'US',
      'GB',
      'IN',
      'AU',
      'AT',
      'DE',
      'ZA',
    ]);
    expect(orderedCountries(['US'])).toEqual([{ code: 'US', name: 'United States' }]);
  });

  it("drops what has no known name (Printify's REST_OF_THE_WORLD, unknown or malformed codes) and duplicates", () => {
    expect(
      orderedCountries(['REST_OF_THE_WORLD', 'ZZ', 'EU', 'AA', 'us', 'XYZ', 'FR', 'FR']).map((country) => country.code),
    ).toEqual(['FR']);
    expect(countryName('ZZ')).toBeUndefined();
    expect(countryName('GB')).toBe('United Kingdom');
  });

  it('keeps the priority order when some of the four are missing', () => {
    expect(orderedCountries(['IN', 'BR', 'CA']).map((country) => country.code)).toEqual(['CA', 'IN', 'BR']);
  });
});
