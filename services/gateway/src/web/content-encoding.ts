/** The content codings the build is precompressed in, best first, with the suffix of their files. */
export const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

export type ContentEncoding = (typeof PRECOMPRESSED)[number]['encoding'];

/**
 * The precompressed codings an `Accept-Encoding` header allows, in our order of preference (brotli is smaller), not
 * the header's: browsers list gzip first with the same weight. `q=0` refuses a coding, and `*` covers those unnamed.
 */
export function acceptedEncodings(header: string | string[] | undefined): ContentEncoding[] {
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name, ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  return PRECOMPRESSED.map(({ encoding }) => encoding).filter(
    (encoding) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0,
  );
}
