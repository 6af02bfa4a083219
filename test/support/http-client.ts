import { randomBytes } from 'node:crypto';
import { baseUrl } from './api.js';

/**
 * An address from the IPv6 documentation range in a /64 of its own (limits count IPv6 clients by /64): each client
 * looks like its own visitor to rate limits.
 */
export function randomClientIp(): string {
  const group = () => randomBytes(2).toString('hex');
  return `2001:db8:${group()}:${group()}::${group()}`;
}

export interface HttpResult {
  status: number;
  headers: Headers;
  body: any;
  location: string | null;
}

/**
 * A browser-like client for API tests: keeps its cookies, never follows redirects by itself, and
 * arrives from its own IP (the test system trusts one proxy hop, so X-Forwarded-For counts).
 */
export class HttpClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly ip = randomClientIp(),
    private readonly origin = baseUrl(),
  ) {}

  get(path: string, headers: Record<string, string> = {}) {
    return this.request('GET', path, undefined, headers);
  }

  post(path: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.request('POST', path, body, headers);
  }

  async request(
    method: string,
    pathOrUrl: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<HttpResult> {
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${this.origin}${pathOrUrl}`;
    const sameOrigin = url.startsWith(this.origin);
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      signal: AbortSignal.timeout(20_000),
      headers: {
        ...(sameOrigin ? { 'x-forwarded-for': this.ip, cookie: this.cookieHeader() } : {}),
        ...(body === undefined
          ? {}
          : { 'content-type': typeof body === 'string' ? 'application/x-www-form-urlencoded' : 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    if (sameOrigin) this.keepCookies(response.headers);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return {
      status: response.status,
      headers: response.headers,
      body: parsed,
      location: response.headers.get('location'),
    };
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keepCookies(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      const expired = attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a) || /max-age=0/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
  }
}

/** Mail the local SMTP stand-in caught for an address, newest first (of the shared system, or the one at `origin`). */
export async function mailTo(
  address: string,
  origin = baseUrl(),
): Promise<Array<{ subject: string; text: string; links: string[] }>> {
  const response = await fetch(`${origin}/dev/mailbox.json?to=${encodeURIComponent(address)}`);
  if (!response.ok) throw new Error(`mailbox answered ${response.status}`);
  return (await response.json()) as Array<{ subject: string; text: string; links: string[] }>;
}

/** Waits for a mail whose subject matches, and returns its first link on this site. */
export async function waitForMailLink(
  address: string,
  subject: RegExp,
  timeoutMs = 15_000,
  origin = baseUrl(),
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = (await mailTo(address, origin)).find((m) => subject.test(m.subject));
    const link = mail?.links.find((l) => l.startsWith(origin));
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail matching ${subject} reached ${address} within ${timeoutMs} ms`);
}

export function uniqueEmail(label: string): string {
  return `${label}-${randomBytes(4).toString('hex')}@example.com`;
}
