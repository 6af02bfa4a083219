import { createHmac } from 'node:crypto';
import { printifySignatureMatches } from './printify-signature.js';

const secret = 'local-printify-webhook-secret';
const payload = JSON.stringify({
  id: '653b6be8aa01bc23de45f678',
  type: 'order:updated',
  created_at: '2026-01-05 10:11:12+00:00',
  resource: { id: '5a96f649b2439217d070f507', type: 'order', data: { shop_id: '1000001', status: 'in-production' } },
});

/** As Printify (and its stand-in, tools/sandboxes/src/printify/webhooks.ts) signs. */
const signed = (body: string, key = secret) => `sha256=${createHmac('sha256', key).update(body).digest('hex')}`;

describe("Printify's webhook signature", () => {
  it('matches the body it was made for under the webhook secret', () => {
    expect(printifySignatureMatches(payload, signed(payload), secret)).toBe(true);
  });

  it('reads the hex digest in either case, and the header with stray whitespace', () => {
    expect(printifySignatureMatches(payload, signed(payload).toUpperCase().replace('SHA256', 'sha256'), secret)).toBe(
      true,
    );
    expect(printifySignatureMatches(payload, ` ${signed(payload)} `, secret)).toBe(true);
  });

  it('refuses a signature made with another secret', () => {
    expect(printifySignatureMatches(payload, signed(payload, 'not-the-webhook-secret'), secret)).toBe(false);
  });

  it('refuses a body changed after signing, whitespace included (the signature covers the exact bytes)', () => {
    const signature = signed(payload);
    expect(printifySignatureMatches(payload.replace('in-production', 'canceled'), signature, secret)).toBe(false);
    expect(printifySignatureMatches(JSON.stringify(JSON.parse(payload), null, 2), signature, secret)).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['the bare digest', signed(payload).slice('sha256='.length)],
    ['another algorithm', signed(payload).replace('sha256=', 'sha1=')],
    ['a short digest', signed(payload).slice(0, -2)],
    ['a long digest', `${signed(payload)}00`],
    ['not hex', `sha256=${'z'.repeat(64)}`],
  ])('refuses a malformed header (%s) without throwing', (_case, signature) => {
    expect(printifySignatureMatches(payload, signature, secret)).toBe(false);
  });
});
