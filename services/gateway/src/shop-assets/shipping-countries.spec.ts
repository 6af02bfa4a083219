import { shippingCountries } from './shipping-countries.js';

describe('the shipping countries', () => {
  const countries = shippingCountries();
  const codes = countries.map((country) => country.code);

  it('puts CA, US, GB and IN first, then the rest by English name', () => {
    expect(codes.slice(0, 4)).toEqual(['CA', 'US', 'GB', 'IN']);
    const rest = countries.slice(4).map((country) => country.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    expect(countries).toContainEqual({ code: 'DE', name: 'Germany' });
  });

  it("holds ISO 3166-1's countries, each once, and nothing else the runtime has a name for", () => {
    // 249 assigned codes, and Kosovo's XK, which carriers and payment providers use.
    expect(countries).toHaveLength(250);
    expect(codes.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
    // A retired or reserved code would repeat a country's name (DD Germany, UK United Kingdom).
    expect(new Set(countries.map((country) => country.name)).size).toBe(countries.length);
    const notCountries = ['ZZ', 'EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'UK', 'DD', 'SU', 'YU', 'IC', 'EA', 'AC', 'CP'];
    expect(codes.filter((code) => notCountries.includes(code))).toEqual([]);
  });

  it('is made once', () => {
    expect(shippingCountries()).toBe(countries);
  });
});
