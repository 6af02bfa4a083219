import express from 'express';
import type { AddressInfo } from 'node:net';
import { cookieSecurity, writeCookie } from './cookies.js';

/** The Set-Cookie a request gets from `writeCookie` under COOKIE_SECURE=auto, behind `trustedHops` proxies. */
async function setCookieWith(trustedHops: number, headers: Record<string, string>): Promise<string> {
  const app = express();
  app.set('trust proxy', trustedHops);
  app.get('/', (req, res) => {
    writeCookie(req, res, 'mqr.sid', 'value', { maxAgeMs: 60_000, secure: 'auto' });
    res.send('ok');
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers });
    return response.headers.get('set-cookie') ?? '';
  } finally {
    server.close();
  }
}

describe('Secure cookies behind a TLS proxy', () => {
  it('marks the cookie Secure when a trusted proxy says https, and ignores the header from anyone else', async () => {
    expect(await setCookieWith(1, { 'x-forwarded-proto': 'https' })).toMatch(/; Secure/);
    expect(await setCookieWith(1, {})).not.toMatch(/; Secure/);
    expect(await setCookieWith(0, { 'x-forwarded-proto': 'https' })).not.toMatch(/; Secure/);
  });

  it('is always Secure under auto in production, whose address is https, even without a declared proxy hop', () => {
    const production = { NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://medicalqr.example' } as const;
    expect(cookieSecurity({ ...production, COOKIE_SECURE: 'auto' })).toBe('true');
    expect(cookieSecurity({ ...production, COOKIE_SECURE: 'false' })).toBe('false');
    expect(cookieSecurity({ NODE_ENV: 'development', PUBLIC_BASE_URL: undefined, COOKIE_SECURE: 'auto' })).toBe('auto');
  });
});
