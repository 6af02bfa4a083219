import fc from 'fast-check';
import { HttpClient } from '../support/http-client.js';

const ENDPOINTS = [
  '/api/auth/login',
  '/api/auth/register',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
  '/api/auth/verify-password',
  '/api/auth/confirm-oauth-reauth',
  '/api/auth/verify-email',
  '/api/audit/session-timeout',
];

/** Bodies shaped like the real ones, with every field replaced by anything at all. */
const plausibleBody = fc.record(
  {
    email: fc.oneof(fc.emailAddress(), fc.string(), fc.anything()),
    password: fc.oneof(fc.string({ maxLength: 200 }), fc.anything()),
    firstName: fc.oneof(fc.string(), fc.anything()),
    lastName: fc.string(),
    phoneNumber: fc.oneof(fc.string(), fc.constant(null)),
    token: fc.oneof(fc.base64String(), fc.anything()),
    action: fc.string(),
    reason: fc.string(),
  },
  { requiredKeys: [] },
);

describe('random bodies to every auth endpoint', () => {
  it('never get a 5xx, and the system stays healthy', async () => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENDPOINTS),
        fc.oneof(plausibleBody, fc.anything(), fc.jsonValue()),
        async (path, body) => {
          const client = new HttpClient();
          const response = await client.request('POST', path, JSON.stringify(body) ?? 'null', {
            'content-type': 'application/json',
          });
          seen.set(response.status, (seen.get(response.status) ?? 0) + 1);
          if (response.status >= 500)
            throw new Error(
              `${path} answered ${response.status} to ${JSON.stringify(body)}: ${JSON.stringify(response.body)}`,
            );
          expect(typeof response.body.message).toBe('string');
        },
      ),
      { numRuns: 2000 },
    );
    expect([...seen.keys()].every((status) => status < 500)).toBe(true);
    expect((await new HttpClient().get('/api/health')).status).toBe(200);
  });

  it('random tokens in emailed links redirect with a message, never fail', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 300 }), async (token) => {
        const response = await new HttpClient().get(`/api/auth/verify-email/${encodeURIComponent(token)}`);
        expect([302, 404]).toContain(response.status);
      }),
      { numRuns: 300 },
    );
  });
});
