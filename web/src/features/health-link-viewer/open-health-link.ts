import { manifestSchema, SHL_FHIR_CONTENT_TYPE, type ShlinkPayload } from '@medical-qr/contracts';
import { base64url, compactDecrypt } from 'jose';
import { readIpsSummary, type IpsSummary } from './ips-summary';

/**
 * The SHL protocol as a reader follows it (https://build.fhir.org/ig/HL7/smart-health-cards-and-links/): the manifest
 * asked for with who is reading (and the passcode), each file embedded or fetched from its `location`, or for a
 * direct-file link (flag U) the file itself; then decrypted here with the link's key, which never leaves the browser.
 */

/** Large enough that a summary always comes embedded, saving a second request. */
export const EMBEDDED_LENGTH_MAX = 1_000_000;

export type OpenOutcome =
  | { kind: 'opened'; summary: IpsSummary; lastUpdated?: string }
  /** 401: the passcode is wrong (or missing); how many tries the link still takes, when the server says. */
  | { kind: 'wrong-passcode'; remainingAttempts?: number }
  /** 404: revoked, expired, locked or unknown. */
  | { kind: 'gone' }
  /** 429: this network asked too often; the link is fine, the reader waits. */
  | { kind: 'busy' }
  | { kind: 'failed' };

/** What every request of the viewer leaves out: cookies, a referrer (the page's address), any cached answer. */
const PRIVATE: RequestInit = { credentials: 'omit', referrerPolicy: 'no-referrer', cache: 'no-store' };

/** An answer that ends the attempt with something to tell the reader (not a failure to retry). */
class Refusal extends Error {
  constructor(readonly outcome: Exclude<OpenOutcome, { kind: 'opened' | 'failed' }>) {
    super(outcome.kind);
  }
}

export async function openHealthLink(
  payload: ShlinkPayload,
  { recipient, passcode }: { recipient: string; passcode?: string },
): Promise<OpenOutcome> {
  try {
    const files = payload.flag?.includes('U')
      ? [{ jwe: await directFile(payload.url, recipient) }]
      : await manifestFiles(payload.url, { recipient, passcode });
    const bundles = await Promise.all(files.map(({ jwe }) => decrypt(jwe, payload.key)));
    const summary = bundles.map(readIpsSummary).find((found) => found !== undefined);
    if (!summary) return { kind: 'failed' };
    const lastUpdated = files.map((file) => file.lastUpdated).find(Boolean);
    return { kind: 'opened', summary, ...(lastUpdated ? { lastUpdated } : {}) };
  } catch (error) {
    return error instanceof Refusal ? error.outcome : { kind: 'failed' };
  }
}

type FileText = { jwe: string; lastUpdated?: string };

async function manifestFiles(url: string, body: { recipient: string; passcode?: string }): Promise<FileText[]> {
  const response = await fetch(url, {
    ...PRIVATE,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ ...body, embeddedLengthMax: EMBEDDED_LENGTH_MAX }),
  });
  if (response.status === 401) throw new Refusal({ kind: 'wrong-passcode', ...(await remainingAttempts(response)) });
  const manifest = manifestSchema.parse(await okJson(response));
  const files = manifest.files.filter((file) => file.contentType === SHL_FHIR_CONTENT_TYPE);
  return Promise.all(
    files.map(async (file) => ({
      jwe: file.embedded ?? (await okText(await fetch(required(file.location), { ...PRIVATE }))),
      ...(file.lastUpdated ? { lastUpdated: file.lastUpdated } : {}),
    })),
  );
}

async function directFile(url: string, recipient: string): Promise<string> {
  const address = new URL(url);
  address.searchParams.set('recipient', recipient);
  return okText(await fetch(address, { ...PRIVATE }));
}

async function remainingAttempts(response: Response): Promise<{ remainingAttempts?: number }> {
  try {
    const body = (await response.json()) as { remainingAttempts?: unknown };
    return typeof body.remainingAttempts === 'number' ? { remainingAttempts: body.remainingAttempts } : {};
  } catch {
    return {};
  }
}

function check(response: Response): void {
  if (response.status === 404) throw new Refusal({ kind: 'gone' });
  if (response.status === 429) throw new Refusal({ kind: 'busy' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
}

async function okJson(response: Response): Promise<unknown> {
  check(response);
  return response.json();
}

async function okText(response: Response): Promise<string> {
  check(response);
  return (await response.text()).trim();
}

function required(location: string | undefined): string {
  if (!location) throw new Error('a file with neither content nor location');
  return location;
}

/** The file's JSON: JWE compact, `dir` with A256GCM, under the link's 32-byte key. */
async function decrypt(jwe: string, key: string): Promise<unknown> {
  const { plaintext } = await compactDecrypt(jwe, base64url.decode(key), {
    keyManagementAlgorithms: ['dir'],
    contentEncryptionAlgorithms: ['A256GCM'],
  });
  return JSON.parse(new TextDecoder().decode(plaintext)) as unknown;
}
