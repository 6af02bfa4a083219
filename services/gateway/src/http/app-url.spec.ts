import type { Request } from 'express';
import { gatewayEnvSchema } from '../config.js';
import { appOrigin, appUrl } from './app-url.js';

/** A request as Express hands it over, with the Host header a client chose. */
const requestTo = (host: string) =>
  ({ protocol: 'http', get: (name: string) => (name === 'host' ? host : undefined) }) as unknown as Request;

const config = (env: Record<string, string> = {}) =>
  gatewayEnvSchema.parse({ SESSION_SECRET: 'a'.repeat(32), NODE_ENV: 'development', ...env });

describe('the base of links the gateway hands out', () => {
  it('never follows the Host header: PUBLIC_BASE_URL, else localhost on the port', () => {
    expect(appUrl(requestTo('evil.example'), config({ PORT: '4321' }))).toBe('http://localhost:4321');
    expect(appUrl(requestTo('evil.example'), config({ PUBLIC_BASE_URL: 'https://qr.example.org/' }))).toBe(
      'https://qr.example.org',
    );
  });

  it("judges same-origin requests by PUBLIC_BASE_URL, else by the request's own origin (a development proxy)", () => {
    expect(appOrigin(requestTo('localhost:5173'), config())).toBe('http://localhost:5173');
    expect(appOrigin(requestTo('localhost:5173'), config({ PUBLIC_BASE_URL: 'https://qr.example.org' }))).toBe(
      'https://qr.example.org',
    );
  });

  it('listens on loopback unless told otherwise', () => {
    expect(config().HOST).toBe('127.0.0.1');
    expect(config({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });
});
