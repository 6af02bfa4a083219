import { createHash } from 'node:crypto';
import { RecordsMessages } from '@medical-qr/contracts';
import { baseUrl } from '../support/api.js';
import { HttpClient, randomClientIp } from '../support/http-client.js';
import { HOSTILE, hostileRecord, rawGet, shortRecord } from './card-fixtures.js';

const CHROME = 'gzip, deflate, br, zstd';

const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

async function anonymousCard(form = shortRecord()): Promise<string> {
  const created = await new HttpClient().post('/api/anonymous-medical-record', form);
  expect(created.status).toBe(200);
  return created.body.token as string;
}

describe('the card page rendered by the gateway', () => {
  it('holds the card in its HTML, every value escaped, with the card headers, compressed', async () => {
    const token = await anonymousCard(hostileRecord());
    const page = await rawGet(`${baseUrl()}/emergency/${token}`, { 'accept-encoding': CHROME });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['vary']).toBe('Accept-Language, Cookie, Accept-Encoding');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');

    // What the person typed is there as text, never as markup.
    const escaped = HOSTILE.replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#39;');
    expect(page.text.split(escaped).length - 1).toBeGreaterThanOrEqual(7);
    expect(page.text).not.toContain('<script>alert');
    expect(page.text).not.toContain('<img src=x');
    expect(page.text).toContain(`<title>${escaped} ${escaped} · Emergency medical card</title>`);

    // No inline script but the theme script, which the policy allows by its hash; no client fetch of the card.
    const scripts = inlineScripts(page.text);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toContain("localStorage.getItem('theme')");
    expect(String(page.headers['content-security-policy'])).toContain(`script-src 'self' ${sha256(scripts[0]!)}`);
    // (The "Tell their family" form posts under the card's path; the card's own JSON is never asked for.)
    expect(page.text).not.toMatch(/\/api\/emergency-card\/[A-Za-z0-9_-]+(?![A-Za-z0-9_-]|\/family-alerts)/);
    expect(page.text).toContain('/family-alerts?lang=en');
    // Everything needed to paint comes in this one response: the stylesheet is inline.
    expect(page.text).not.toMatch(/<link rel="stylesheet"/);
    expect(page.body.length).toBeLessThan(12_000);

    const gzip = await rawGet(`${baseUrl()}/emergency/${token}`, { 'accept-encoding': 'gzip' });
    expect([gzip.headers['content-encoding'], gzip.text]).toEqual(['gzip', expect.stringContaining(escaped)]);
    const plain = await rawGet(`${baseUrl()}/emergency/${token}`);
    expect([plain.headers['content-encoding'], plain.text]).toEqual([undefined, expect.stringContaining(escaped)]);
  });

  it('answers unknown and malformed tokens with the not-found page and 404, leading with the emergency number', async () => {
    for (const path of ['/emergency/AAAAAAAAAAAAAAAAAAAAAA', '/emergency/not-a-token', '/emergency/%E0%A4%A']) {
      const page = await rawGet(`${baseUrl()}${path}`, { 'x-forwarded-for': randomClientIp() });
      expect([path, page.status]).toEqual([path, 404]);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.text).toContain('Medical Card Not Found');
      expect(page.text.indexOf('href="tel:911"')).toBeGreaterThan(0);
      expect(page.text.indexOf('href="tel:911"')).toBeLessThan(page.text.indexOf('Create Your Own Medical Card'));
    }
  });

  it('counts page misses with the API misses: the 101st is 429 with Retry-After, and a real card still opens', async () => {
    const token = await anonymousCard();
    const ip = randomClientIp();
    const scanner = new HttpClient(ip);
    for (let i = 0; i < 50; i++)
      expect((await scanner.get('/api/emergency-card/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    for (let i = 0; i < 50; i++) {
      expect((await rawGet(`${baseUrl()}/emergency/miss-${i}`, { 'x-forwarded-for': ip })).status).toBe(404);
    }
    const limited = await rawGet(`${baseUrl()}/emergency/BBBBBBBBBBBBBBBBBBBBBB`, { 'x-forwarded-for': ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['cache-control']).toBe('no-store');
    expect(limited.text).toContain('href="tel:911"');
    expect(limited.text).toContain('href="/emergency/BBBBBBBBBBBBBBBBBBBBBB"');
    expect((await scanner.get('/api/emergency-card/CCCCCCCCCCCCCCCCCCCCCC')).status).toBe(429);

    expect((await rawGet(`${baseUrl()}/emergency/${token}`, { 'x-forwarded-for': ip })).status).toBe(200);
  });

  it('keeps GET /api/emergency-card/{token} as JSON', async () => {
    const token = await anonymousCard();
    const card = await new HttpClient().get(`/api/emergency-card/${token}`);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toMatch(/^application\/json/);
    expect(card.body).toMatchObject({ firstName: 'Sam', bloodGroup: 'O+', organDonor: null });
    const missing = await new HttpClient().get('/api/emergency-card/AAAAAAAAAAAAAAAAAAAAAA');
    expect(missing.body).toMatchObject({ statusCode: 404, message: RecordsMessages.cardNotFound });
  });
});
