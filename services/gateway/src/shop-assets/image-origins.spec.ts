import { gatewayEnvSchema } from '../config.js';
import {
  allowedImageOrigins,
  checkImageUrl,
  DEFAULT_PRINTIFY_IMAGE_HOSTS,
  imageHostsProblem,
  MAX_IMAGE_URL_LENGTH,
} from './image-origins.js';

/** allowedImageOrigins' second argument: production fetches https only. */
const HTTPS_ONLY = false;
const PLAIN_HTTP_TOO = true;
const production = allowedImageOrigins(DEFAULT_PRINTIFY_IMAGE_HOSTS, HTTPS_ONLY);
/** As the launcher gives it for the local Printify stand-in. */
const standIn = allowedImageOrigins('127.0.0.1:4100', PLAIN_HTTP_TOO);

const reasonFor = (url: string, origins = standIn) => {
  const check = checkImageUrl(url, origins);
  return check.allowed ? 'allowed' : check.reason;
};

describe('the image origins PRINTIFY_IMAGE_HOSTS allows', () => {
  it("defaults to Printify's image hosts, over https only", () => {
    expect([...production]).toEqual(['https://images.printify.com', 'https://images-api.printify.com']);
  });

  it('reads a bare host[:port] as https there, and outside production as plain http too (the stand-in)', () => {
    expect([...allowedImageOrigins('images.printify.com', HTTPS_ONLY)]).toEqual(['https://images.printify.com']);
    expect([...standIn]).toEqual(['https://127.0.0.1:4100', 'http://127.0.0.1:4100']);
  });

  it('keeps full origins exactly, normalising default ports, and ignores blanks around commas', () => {
    expect([...allowedImageOrigins(' https://a.example:443 , , http://127.0.0.1:4100 ', PLAIN_HTTP_TOO)]).toEqual([
      'https://a.example',
      'http://127.0.0.1:4100',
    ]);
  });

  it.each([
    ['ftp://images.printify.com', 'is not an http(s) origin'],
    ['https://images.printify.com/path', 'without a path'],
    ['https://images.printify.com?x=1', 'without a path'],
    ['images.printify.com/path', 'without a path'],
    ['https://user:pw@images.printify.com', 'credentials'],
    ['https://', 'neither an origin'],
    ['bad host', 'neither an origin'],
    ['', 'names no image host'],
    [' , ', 'names no image host'],
  ])('refuses %j: %s', (list, problem) => {
    expect(imageHostsProblem(list, PLAIN_HTTP_TOO)).toContain(problem);
  });

  it('refuses a plain http origin in production, and allows it elsewhere', () => {
    expect(imageHostsProblem('http://images.printify.com', HTTPS_ONLY)).toContain('must be https');
    expect(imageHostsProblem('http://127.0.0.1:4100', PLAIN_HTTP_TOO)).toBeUndefined();
  });

  it('is checked by the configuration at start, by name, with https only in production', () => {
    const env = { SESSION_SECRET: 'x'.repeat(32) };
    expect(gatewayEnvSchema.parse(env).PRINTIFY_IMAGE_HOSTS).toBe(DEFAULT_PRINTIFY_IMAGE_HOSTS);
    const problems = (extra: Record<string, string>) =>
      gatewayEnvSchema.safeParse({ ...env, ...extra }).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(problems({ PRINTIFY_IMAGE_HOSTS: '127.0.0.1:4100' })).toBeUndefined();
    expect(problems({ PRINTIFY_IMAGE_HOSTS: 'ftp://images.printify.com' })).toEqual([
      'PRINTIFY_IMAGE_HOSTS: "ftp://images.printify.com" is not an http(s) origin',
    ]);
    const production = { NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://qr.example.org' };
    expect(problems(production)).toBeUndefined();
    expect(problems({ ...production, PRINTIFY_IMAGE_HOSTS: 'http://images.printify.com' })).toEqual([
      'PRINTIFY_IMAGE_HOSTS: "http://images.printify.com" must be https',
    ]);
  });
});

describe('which image URLs the proxy may fetch', () => {
  it("allows Printify's images over https, with paths and queries", () => {
    const check = checkImageUrl(
      'https://images-api.printify.com/mockup/abc/123/456/x.jpg?camera_label=front',
      production,
    );
    expect(check).toEqual({ allowed: true, url: expect.any(URL) });
    expect(reasonFor('https://images.printify.com/5853fe7dce46f30f8327f5cd', production)).toBe('allowed');
    expect(reasonFor('https://IMAGES.printify.com:443/x.png', production)).toBe('allowed');
  });

  it("allows the stand-in's own origin in local runs", () => {
    expect(reasonFor('http://127.0.0.1:4100/printify-images/blueprints/566/1.png')).toBe('allowed');
  });

  it.each([
    // Internal addresses, and other names and ports for the allowed one.
    'http://127.0.0.1:3000/api/health',
    'http://127.0.0.1/',
    'http://localhost:4100/printify-images/blueprints/566/1.png',
    'http://localhost/',
    'https://localhost.localdomain/',
    'http://[::1]:4100/',
    'http://[::ffff:127.0.0.1]:4100/',
    'http://169.254.169.254/latest/meta-data/',
    'http://127.0.0.1.nip.io:4100/',
    // Printify's hosts over http, on other ports, or as a prefix of another host.
    'http://images.printify.com/x.png',
    'https://images.printify.com:8443/x.png',
    'https://images.printify.com.evil.example/x.png',
    'https://images.printify.com./x.png',
    // Other schemes.
    'ftp://images.printify.com/x.png',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:image/png;base64,iVBORw0KGgo=',
  ])('refuses %s as off the list', (url) => {
    expect([reasonFor(url), reasonFor(url, production)]).toEqual(['origin-not-allowed', 'origin-not-allowed']);
  });

  it('refuses credentials even on an allowed origin', () => {
    expect(reasonFor('http://user:secret@127.0.0.1:4100/printify-images/blueprints/566/1.png')).toBe('credentials');
    expect(reasonFor('https://user@images.printify.com/x.png', production)).toBe('credentials');
  });

  it('refuses what is not an absolute URL, and what is too long', () => {
    for (const url of ['not a url', '/printify-images/blueprints/566/1.png', '//images.printify.com/x.png', '']) {
      expect(reasonFor(url, production)).toBe('not-a-url');
    }
    const long = `https://images.printify.com/${'a'.repeat(MAX_IMAGE_URL_LENGTH)}`;
    expect(reasonFor(long, production)).toBe('too-long');
  });

  it('hands back the parsed URL, the one to fetch, never the raw text', () => {
    const check = checkImageUrl('https://images.printify.com/a/../b.png#frag', production);
    expect(check.allowed && check.url.href).toBe('https://images.printify.com/b.png#frag');
  });
});
