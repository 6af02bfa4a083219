import { request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express, { type Request, type Response } from 'express';
import { acceptedEncodings } from './content-encoding.js';
import { spaMiddleware } from './spa.middleware.js';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

const SCRIPT = `console.log(${JSON.stringify('medical '.repeat(400))});`;
const APP_HTML = `<!doctype html><html><body><div id="root"></div>${'<!-- app -->'.repeat(50)}</body></html>`;

/** A build as the web's vite config writes it: every text file with .br and .gz copies, a map left over. */
function writeBuild(dir: string): void {
  mkdirSync(join(dir, 'assets'));
  const withCopies = (file: string, text: string) => {
    writeFileSync(join(dir, file), text);
    writeFileSync(join(dir, `${file}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${file}.gz`), gzipSync(text));
  };
  withCopies('index.html', APP_HTML);
  withCopies('assets/app-Dx3f9a.js', SCRIPT);
  writeFileSync(join(dir, 'assets/app-Dx3f9a.js.map'), '{"sources":["secret.ts"]}');
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
}

describe('serving the built web app', () => {
  let dist: string;
  let port: number;
  let close: () => Promise<void>;
  /** Stands in for the server-rendered card page (card-page/), which has its own tests. */
  const cardPage = {
    ready: true,
    paths: /^\/emergency\/[^/]+\/?$/,
    handle: async (req: Request, res: Response) => void res.type('text').send(`card page for ${req.path}`),
  };

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'mqr-dist-'));
    writeBuild(dist);
    const app = express();
    app.use(spaMiddleware(dist, [cardPage]));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(async () => {
    await close();
    rmSync(dist, { recursive: true, force: true });
  });

  /** The bytes as they travel, not decoded (fetch would decode them). */
  const get = (path: string, acceptEncoding?: string) =>
    new Promise<RawResponse>((resolve, reject) => {
      const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
      request({ host: '127.0.0.1', port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });

  const CHROME = 'gzip, deflate, br, zstd';

  it('sends hashed scripts as brotli to a browser, cached for a year', async () => {
    const { status, headers, body } = await get('/assets/app-Dx3f9a.js', CHROME);
    expect(status).toBe(200);
    expect(headers['content-encoding']).toBe('br');
    expect(headers['vary']).toBe('Accept-Encoding');
    expect(headers['content-type']).toMatch(/^text\/javascript/);
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(body.length).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
  });

  it('falls back to gzip, then to the plain file, as the client allows', async () => {
    const gzip = await get('/assets/app-Dx3f9a.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);
    expect((await get('/assets/app-Dx3f9a.js', 'br;q=0, gzip;q=0.5')).headers['content-encoding']).toBe('gzip');

    const plain = await get('/assets/app-Dx3f9a.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toBe('Accept-Encoding');
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('sends the app page compressed and never cached, and hands /emergency/{token} to the card page', async () => {
    const app = await get('/history', CHROME);
    expect(app.headers['content-encoding']).toBe('br');
    expect(app.headers['content-type']).toMatch(/^text\/html/);
    expect(app.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(app.body).toString()).toBe(APP_HTML);

    for (const path of ['/emergency/AbCdEfGhIjKlMnOpQrStUv', '/emergency/not-a-token/']) {
      expect((await get(path, CHROME)).body.toString()).toBe(`card page for ${path}`);
    }
    expect(brotliDecompressSync((await get('/emergency/a/b', CHROME)).body).toString()).toBe(APP_HTML);
  });

  it('caches other files briefly, and never serves a source map or HTML in place of a missing asset', async () => {
    const icon = await get('/favicon.svg', CHROME);
    expect(icon.headers['cache-control']).toBe('public, max-age=300');
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.body.toString()).toBe('<svg/>');

    const map = await get('/assets/app-Dx3f9a.js.map', CHROME);
    expect(map.status).toBe(404);
    expect(map.body.toString()).not.toContain('secret.ts');
    expect((await get('/assets/app-gone.js')).status).toBe(404);
  });
});

describe('Accept-Encoding', () => {
  it('prefers brotli whatever order the header lists, and honours q=0 and *', () => {
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('br;q=0, *')).toEqual(['gzip']);
    expect(acceptedEncodings('identity')).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
    expect(acceptedEncodings('x-gzip;q=0.8')).toEqual(['gzip']);
  });
});
