import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { baseUrl } from '../support/api.js';
import { HttpClient } from '../support/http-client.js';
import { medicalForm } from '../records/records-fixtures.js';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The bytes as they travel (fetch would decode them). */
function get(path: string, acceptEncoding?: string): Promise<RawResponse> {
  const url = new URL(path, baseUrl());
  const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

const decode = ({ headers, body }: RawResponse): Buffer =>
  headers['content-encoding'] === 'br'
    ? brotliDecompressSync(body)
    : headers['content-encoding'] === 'gzip'
      ? gunzipSync(body)
      : body;

/** The scripts and stylesheets a built page loads. */
const assetsOf = (html: string) => [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!);

const inlineScriptHashes = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`,
  );

const CHROME = 'gzip, deflate, br, zstd';

/** A card that opens: the card page is rendered with it (an unknown token answers 404). */
async function cardPath(): Promise<string> {
  const created = await new HttpClient().post('/api/anonymous-medical-record', medicalForm());
  return `/emergency/${created.body.token}`;
}

describe('the built web app on the wire', () => {
  it.each([
    // The card is in the reader's language: chosen by Accept-Language or the remembered choice (a cookie).
    ['home page', async () => '/', 'Accept-Encoding'],
    ['emergency card', cardPath, 'Accept-Language, Cookie, Accept-Encoding'],
  ])('sends the %s and every asset it loads compressed, allowed by the page policy', async (_name, pagePath, vary) => {
    const html = await get(await pagePath(), CHROME);
    expect(html.status).toBe(200);
    expect(html.headers['content-encoding']).toBe('br');
    expect(html.headers['vary']).toBe(vary);
    const text = decode(html).toString();
    // The pre-paint theme script is in the page, and the policy allows exactly the inline scripts it has.
    expect(text).toContain("localStorage.getItem('theme')");
    const csp = String(html.headers['content-security-policy']);
    for (const hash of inlineScriptHashes(text)) expect(csp).toContain(hash);

    const assets = assetsOf(text);
    expect(assets.length).toBeGreaterThan(0);
    // The page counts too: the card page carries its styles inline, so its own files are a small script.
    let plainBytes = decode(html).length;
    let sentBytes = html.body.length;
    for (const asset of assets) {
      const plain = await get(asset);
      const brotli = await get(asset, CHROME);
      const gzip = await get(asset, 'gzip');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect([brotli.headers['content-encoding'], gzip.headers['content-encoding']]).toEqual(['br', 'gzip']);
      expect(decode(brotli)).toEqual(plain.body);
      expect(decode(gzip)).toEqual(plain.body);
      expect(brotli.headers['vary']).toBe('Accept-Encoding');
      expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(plain.body.toString()).not.toContain('sourceMappingURL');
      plainBytes += plain.body.length;
      sentBytes += brotli.body.length;
    }
    expect(sentBytes).toBeLessThan(plainBytes * 0.4);
  });

  it('publishes no source maps', async () => {
    const html = decode(await get('/', CHROME)).toString();
    const script = assetsOf(html).find((asset) => asset.endsWith('.js'))!;
    const map = await get(`${script}.map`, CHROME);
    expect(map.status).toBe(404);
    expect(map.body.toString()).not.toContain('"sources"');
  });
});
