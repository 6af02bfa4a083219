import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchImage } from './image-fetch.js';

const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const LIMITS = { timeoutMs: 300, maxBytes: 1024 };

/** An image host that answers each path its own way, and remembers what it was asked. */
const routes: Record<string, (res: ServerResponse) => void> = {
  '/ok.png': (res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_BYTES),
  '/upper.jpg': (res) => res.writeHead(200, { 'content-type': 'IMAGE/JPEG; charset=binary' }).end(PNG_BYTES),
  '/moved.png': (res) => res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
  '/see-other.png': (res) => res.writeHead(303, { location: '/ok.png' }).end(),
  '/missing.png': (res) => res.writeHead(404, { 'content-type': 'text/plain' }).end('no'),
  '/page.html': (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>'),
  '/drawing.svg': (res) => res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg/>'),
  '/untyped': (res) => res.writeHead(200).end(PNG_BYTES),
  '/empty.png': (res) => res.writeHead(200, { 'content-type': 'image/png' }).end(),
  '/declared-huge.png': (res) =>
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(LIMITS.maxBytes + 1) }).end(),
  '/streamed-huge.png': (res) => {
    // No declared length: the cap must hold on the bytes themselves.
    res.writeHead(200, { 'content-type': 'image/png' });
    res.write(Buffer.alloc(LIMITS.maxBytes));
    res.end(Buffer.alloc(LIMITS.maxBytes));
  },
  '/slow-headers.png': () => undefined,
  '/slow-body.png': (res) => {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.write(PNG_BYTES);
  },
};

let server: Server;
let origin: string;
let lastHeaders: IncomingHttpHeaders = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    lastHeaders = req.headers;
    (routes[req.url ?? ''] ?? ((r: ServerResponse) => r.writeHead(500).end()))(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const get = (path: string) => fetchImage(new URL(`${origin}${path}`), LIMITS);

describe('fetching a print shop image', () => {
  it('passes on a PNG with its type, asking for images only and sending nothing of the visitor', async () => {
    expect(await get('/ok.png')).toEqual({ outcome: 'image', contentType: 'image/png', bytes: PNG_BYTES });
    expect(lastHeaders.accept).toBe('image/png, image/jpeg, image/webp, image/gif');
    expect(lastHeaders.cookie).toBeUndefined();
  });

  it('reads the type without its parameters or case', async () => {
    expect(await get('/upper.jpg')).toMatchObject({ outcome: 'image', contentType: 'image/jpeg' });
  });

  it('never follows a redirect, wherever it points', async () => {
    expect(await get('/moved.png')).toEqual({ outcome: 'redirect' });
    expect(await get('/see-other.png')).toEqual({ outcome: 'redirect' });
  });

  it.each([
    ['/missing.png', 'answered 404'],
    ['/page.html', 'not an image type'],
    ['/drawing.svg', 'not an image type'],
    ['/untyped', 'not an image type'],
    ['/empty.png', 'empty body'],
    ['/declared-huge.png', 'too large'],
    ['/streamed-huge.png', 'too large'],
    ['/slow-headers.png', 'request failed: TimeoutError'],
    ['/slow-body.png', 'body failed: TimeoutError'],
  ])('refuses %s (%s)', async (path, reason) => {
    const result = await get(path);
    expect(result).toEqual({ outcome: 'unavailable', reason: expect.stringContaining(reason) });
  });

  it('reports a host that does not answer as unavailable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await fetchImage(new URL(`http://127.0.0.1:${port}/x.png`), LIMITS)).toEqual({
      outcome: 'unavailable',
      reason: expect.stringContaining('request failed'),
    });
  });
});
