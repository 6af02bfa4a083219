/** SPEC section 5: these countries come first, in this order; the rest follow alphabetically by name. */
export const PRIORITY_COUNTRIES = ['CA', 'US', 'GB', 'IN'] as const;

export interface Country {
  code: string;
  name: string;
}

let regionNames: Intl.DisplayNames | undefined;
/** Made on first use, so importing the contracts costs nothing where countries are not needed. */
const names = () => (regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }));
/** Region codes that name no country one ships to, though the runtime has English names for them. */
const NOT_COUNTRIES = new Set([
  // Unknown, supranational, outlying.
  'ZZ',
  'EU',
  'EZ',
  'UN',
  'QO',
  // Test locales (Pseudo-Accents, Pseudo-Bidi).
  'XA',
  'XB',
  // Retired codes the runtime maps to today's country (DD is Germany, SU Russia): offering them would list it twice.
  ...['AN', 'BU', 'CS', 'DD', 'DY', 'FX', 'HV', 'NH', 'RH', 'SU', 'TP', 'VD', 'YD', 'YU', 'ZR'],
  // Exceptionally reserved, not countries: UK (GB's), parts of other countries (Canary Islands, Ceuta and Melilla,
  // Ascension, Tristan da Cunha, Diego Garcia, Sark) and Clipperton Island.
  ...['UK', 'IC', 'EA', 'AC', 'TA', 'DG', 'CQ', 'CP'],
]);

/** The English name of an ISO 3166-1 alpha-2 code, or undefined when it has none (a region code, a made-up code). */
export function countryName(code: string): string | undefined {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return undefined;
  try {
    return names().of(code) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The countries to offer: only those with a known name, CA, US, GB and IN first, then the rest by name. */
export function orderedCountries(codes: Iterable<string>): Country[] {
  const known = new Map<string, string>();
  for (const code of codes) {
    const name = countryName(code);
    if (name) known.set(code, name);
  }
  const first = PRIORITY_COUNTRIES.filter((code) => known.has(code)).map((code) => ({ code, name: known.get(code)! }));
  const rest = [...known]
    .filter(([code]) => !(PRIORITY_COUNTRIES as readonly string[]).includes(code))
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return [...first, ...rest];
}
