import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import { currentRequestId } from '@medical-qr/platform';
import { requestContext } from './request-context.middleware.js';

interface LogEntry {
  level: number;
  msg: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  requestId?: string;
}

describe('the request log', () => {
  const lines: LogEntry[] = [];
  let base: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as LogEntry);
        done();
      },
    });
    const app = express();
    app.use(requestContext(pino({ level: 'info', mixin: () => ({ requestId: currentRequestId() }) }, sink)));
    const api = express.Router();
    api.get('/records/:id', (_req, res) => void res.status(404).json({ message: 'not found' }));
    app.use('/api', api);
    app.get('/assets/app.js', (_req, res) => void res.type('js').send('1'));
    app.use((_req, res) => void res.type('html').send('<!doctype html>'));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(() => close());

  const logged = async (path: string, init?: RequestInit) => {
    lines.length = 0;
    await (await fetch(`${base}${path}`, init)).text();
    await new Promise((r) => setTimeout(r, 20));
    return lines;
  };

  it('says method, path without the query, status and time for an API request', async () => {
    const [line, ...more] = await logged('/api/records/42?email=jordan%40example.com', { method: 'GET' });
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 30, method: 'GET', path: '/api/records/42', status: 404 });
    expect(line!.msg).toBe(`GET /api/records/42 404 ${line!.ms} ms`);
    expect(line!.requestId).toBeDefined();
    expect(JSON.stringify(line)).not.toContain('jordan');
  });

  it('says the same for pages, and shortens tokens in their paths', async () => {
    const [line] = await logged('/emergency/AbCdEfGhIjKlMnOpQrStUv?from=qr');
    expect(line).toMatchObject({ level: 30, method: 'GET', status: 200 });
    expect(line!.msg).toBe(`GET /emergency/AbCdEfGh… 200 ${line!.ms} ms`);
  });

  it('keeps assets that load fine out of the info log', async () => {
    expect(await logged('/assets/app.js')).toEqual([]);
  });
});
