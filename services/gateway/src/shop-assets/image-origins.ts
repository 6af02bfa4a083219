/** Where Printify serves catalog pictures and product mockups from. */
export const PRINTIFY_IMAGE_ORIGINS = ['https://images.printify.com', 'https://images-api.printify.com'] as const;

/** PRINTIFY_IMAGE_HOSTS when it is not set. */
export const DEFAULT_PRINTIFY_IMAGE_HOSTS = PRINTIFY_IMAGE_ORIGINS.join(',');

/** Longest image URL the proxy accepts (Printify's are well under 300 characters). */
export const MAX_IMAGE_URL_LENGTH = 2048;

function entryProblem(entry: string, url: URL | undefined): string | undefined {
  if (!url) return `"${entry}" is neither an origin (https://host[:port]) nor a host[:port]`;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `"${entry}" is not an http(s) origin`;
  if (url.username || url.password) return `"${entry}" must not carry credentials`;
  if (url.pathname !== '/' || url.search || url.hash) return `"${entry}" must be an origin only, without a path`;
  return undefined;
}

function parse(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/**
 * The origins (scheme, host and port) images may be fetched from, out of PRINTIFY_IMAGE_HOSTS. An entry is either a
 * full origin (`https://images.printify.com`), matched exactly, or a bare `host[:port]`, which means https there.
 * The port is part of the match, so an entry for one service on a host admits no other port on it.
 *
 * Why bare entries also admit plain http when `plainHttpAllowed` (every NODE_ENV but production): the launcher gives
 * the local Printify stand-in's address in that form (`127.0.0.1:4100`), and the stand-in serves its images over
 * plain http on loopback. Everything else on 127.0.0.1, other ports and other names for it included, stays refused.
 * In production only https is ever fetched: an `http://` entry is a configuration error (see imageHostsProblems).
 *
 * Throws on an entry that is not an origin; the configuration reports those at start.
 */
export function allowedImageOrigins(list: string, plainHttpAllowed: boolean): ReadonlySet<string> {
  const origins = new Set<string>();
  for (const entry of list.split(',').map((part) => part.trim())) {
    if (!entry) continue;
    const explicit = entry.includes('://');
    const url = parse(explicit ? entry : `https://${entry}`);
    const problem = entryProblem(entry, url);
    if (problem) throw new Error(problem);
    if (explicit && url!.protocol === 'http:' && !plainHttpAllowed) throw new Error(`"${entry}" must be https`);
    origins.add(url!.origin);
    if (!explicit && plainHttpAllowed) origins.add(new URL(`http://${entry}`).origin);
  }
  if (origins.size === 0) throw new Error('names no image host');
  return origins;
}

/** What is wrong with a PRINTIFY_IMAGE_HOSTS value, for the configuration's messages; undefined when nothing is. */
export function imageHostsProblem(list: string, plainHttpAllowed: boolean): string | undefined {
  try {
    allowedImageOrigins(list, plainHttpAllowed);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

export type ImageUrlCheck =
  | { allowed: true; url: URL }
  | { allowed: false; reason: 'not-a-url' | 'too-long' | 'credentials' | 'origin-not-allowed' };

/**
 * Whether the proxy may fetch this URL: an absolute URL, without credentials, whose origin (scheme, host and port, as
 * the WHATWG parser normalises them) is on the list. Other schemes (ftp:, file:, data:, javascript:) have no such
 * origin and never match. The caller fetches exactly the returned URL, never the raw text it checked.
 */
export function checkImageUrl(raw: string, allowedOrigins: ReadonlySet<string>): ImageUrlCheck {
  if (raw.length > MAX_IMAGE_URL_LENGTH) return { allowed: false, reason: 'too-long' };
  const url = parse(raw);
  if (!url) return { allowed: false, reason: 'not-a-url' };
  if (url.username || url.password) return { allowed: false, reason: 'credentials' };
  if (!allowedOrigins.has(url.origin)) return { allowed: false, reason: 'origin-not-allowed' };
  return { allowed: true, url };
}
