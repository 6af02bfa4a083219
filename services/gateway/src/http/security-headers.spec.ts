import express from 'express';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage } from 'node:http';
import { liveSocketSources, securityHeaders } from './security-headers.js';

/** The Content-Security-Policy a page gets under the given payment and maps settings. */
async function policyWith(
  payments: {
    STRIPE_PUBLISHABLE_KEY?: string;
    STRIPE_BROWSER_API_URL?: string;
    GOOGLE_MAPS_API_KEY?: string;
  },
  headers: Record<string, string> = {},
) {
  const app = express();
  app.use(securityHeaders({ WEB_DIST_DIR: '/nonexistent', ...payments }));
  app.get('/', (_req, res) => res.send('ok'));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers });
    const directives = new Map(
      response.headers
        .get('content-security-policy')!
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...sources]) => [name!, sources]),
    );
    return directives;
  } finally {
    server.close();
  }
}

/** The live socket on the page's own host (fetch sends Host: 127.0.0.1:<port>). */
const OWN_SOCKET = [
  expect.stringMatching(/^ws:\/\/127\.0\.0\.1:\d+$/),
  expect.stringMatching(/^wss:\/\/127\.0\.0\.1:\d+$/),
];

describe('connect-src and the live socket', () => {
  it("allows WebSockets to the page's own host only, never any ws: or wss: host", async () => {
    const policy = await policyWith({});
    const sources = policy.get('connect-src')!;
    expect(sources).not.toContain('ws:');
    expect(sources).not.toContain('wss:');
    expect(sources).toEqual(["'self'", ...OWN_SOCKET]);
  });

  it('takes nothing from a Host header that is not a plain host (it could not end or add a directive)', () => {
    const withHost = (host: string) => liveSocketSources({ headers: { host } } as IncomingMessage);
    expect(withHost('medical-qr.example:8443')).toBe('ws://medical-qr.example:8443 wss://medical-qr.example:8443');
    expect(withHost('[::1]:3000')).toBe('ws://[::1]:3000 wss://[::1]:3000');
    expect(withHost("a.example; script-src 'unsafe-inline'")).toBe("'self'");
    expect(withHost('')).toBe("'self'");
  });
});

describe('the content security policy, payments and maps', () => {
  it('stays same-origin when payments are not configured', async () => {
    const policy = await policyWith({});
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'", ...OWN_SOCKET]);
    expect(policy.get('frame-src')).toEqual(["'self'"]);
  });

  it("lets the stand-in's card form call the stand-in's origin, and loads no outside script", async () => {
    const policy = await policyWith({
      STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
      STRIPE_BROWSER_API_URL: 'http://localhost:4100/',
    });
    expect(policy.get('connect-src')).toEqual(["'self'", ...OWN_SOCKET, 'http://localhost:4100']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('frame-src')).toEqual(["'self'"]);
  });

  it("allows Stripe.js's script, frames and API with a real publishable key", async () => {
    const policy = await policyWith({ STRIPE_PUBLISHABLE_KEY: 'pk_live_example' });
    expect(policy.get('script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(policy.get('frame-src')).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(policy.get('connect-src')).toEqual(["'self'", ...OWN_SOCKET, 'https://api.stripe.com']);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it("allows Google's Places library only when a maps key is set", async () => {
    const without = await policyWith({});
    expect(without.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(without.get('font-src')).toEqual(["'self'", 'data:']);

    const policy = await policyWith({ GOOGLE_MAPS_API_KEY: 'AIzaExample' });
    expect(policy.get('script-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://*.googleapis.com', 'https://*.gstatic.com']),
    );
    expect(policy.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'https://*.googleapis.com']));
    expect(policy.get('style-src')).toContain('https://fonts.googleapis.com');
    expect(policy.get('font-src')).toContain('https://fonts.gstatic.com');
    // Still no frames from elsewhere and no inline script beyond the hashed ones.
    expect(policy.get('frame-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
  });
});
