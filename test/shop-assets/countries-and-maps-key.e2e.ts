import { HttpClient } from '../support/http-client.js';

describe('the shop address form', () => {
  it('gets every country by code and English name, CA, US, GB, IN first, then by name', async () => {
    const response = await new HttpClient().get('/api/countries');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    const countries = response.body as Array<{ code: string; name: string }>;
    const codes = countries.map((country) => country.code);
    expect(codes.slice(0, 4)).toEqual(['CA', 'US', 'GB', 'IN']);
    const rest = countries.slice(4).map((country) => country.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    expect(countries).toContainEqual({ code: 'DE', name: 'Germany' });
    expect(countries.length).toBeGreaterThanOrEqual(249);
    expect(codes.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
    // Region codes that are no country, and retired codes that would list a country twice.
    expect(codes.filter((code) => ['ZZ', 'EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'UK', 'DD', 'SU'].includes(code))).toEqual(
      [],
    );
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(countries.map((country) => country.name)).size).toBe(countries.length);
  });

  it('gets no Google Maps key when none is configured, never from a cache', async () => {
    const response = await new HttpClient().get('/api/config/google-maps-key');
    expect({ status: response.status, body: response.body, cache: response.headers.get('cache-control') }).toEqual({
      status: 200,
      body: { apiKey: null },
      cache: 'no-store',
    });
  });
});
