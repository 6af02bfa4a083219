import fc from 'fast-check';
import { signedInClient } from '../support/accounts.js';
import { HttpClient } from '../support/http-client.js';
import { medicalForm } from './records-fixtures.js';

const contact = fc.record(
  {
    name: fc.oneof(fc.string({ maxLength: 120 }), fc.anything()),
    phone: fc.oneof(fc.string({ maxLength: 30 }), fc.stringMatching(/^\+?[0-9 ()-]{5,24}$/), fc.anything()),
    relationship: fc.oneof(fc.string({ maxLength: 60 }), fc.anything()),
    isPrimary: fc.oneof(fc.boolean(), fc.anything()),
  },
  { requiredKeys: [] },
);

/** Bodies shaped like the medical form, each field anything from valid to absurd. */
const plausibleForm = fc.record(
  {
    firstName: fc.oneof(fc.string({ maxLength: 120 }), fc.anything()),
    lastName: fc.string({ maxLength: 120 }),
    email: fc.oneof(fc.emailAddress(), fc.string(), fc.anything()),
    phoneNumber: fc.oneof(fc.string({ maxLength: 30 }), fc.constant(null), fc.anything()),
    gender: fc.oneof(fc.constantFrom('unspecified', 'male', 'female', 'other', 'prefer-not-to-say'), fc.anything()),
    bloodGroup: fc.oneof(fc.constantFrom('A+', 'O-', 'AB+', 'Unknown'), fc.string(), fc.anything()),
    allergies: fc.oneof(fc.string({ maxLength: 2100 }), fc.anything()),
    medicalConditions: fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.anything()),
    organDonor: fc.oneof(fc.boolean(), fc.constant(null), fc.anything()),
    medications: fc.oneof(fc.string({ maxLength: 2100 }), fc.anything()),
    devices: fc.oneof(fc.string({ maxLength: 1100 }), fc.anything()),
    languagesSpoken: fc.oneof(fc.string({ maxLength: 250 }), fc.anything()),
    careDirectives: fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.anything()),
    emergencyContacts: fc.oneof(fc.array(contact, { maxLength: 12 }), fc.anything()),
    hasGivenConsent: fc.oneof(fc.constant(true), fc.anything()),
  },
  { requiredKeys: [] },
);

function assertNo5xx(path: string, body: unknown, response: { status: number; body: any }) {
  if (response.status >= 500)
    throw new Error(`${path} answered ${response.status} to ${JSON.stringify(body)}: ${JSON.stringify(response.body)}`);
  expect(typeof response.body.message === 'string' || response.status === 200).toBe(true);
}

describe('random input to the records endpoints', () => {
  it('random bodies never get a 5xx, anonymous or signed in, creating or editing', async () => {
    const { client: member } = await signedInClient('fuzz');
    // Edits by another member, whose code the member's creations never replace.
    const { client: editor } = await signedInClient('fuzz-editor');
    const own = (await editor.post('/api/medical-records', medicalForm())).body as { id: string };
    const editPath = `PUT /api/medical-records/${own.id}`;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/anonymous-medical-record', '/api/medical-records', editPath),
        fc.oneof(
          plausibleForm,
          plausibleForm.map((changes) => ({ ...medicalForm(), ...changes })),
          fc.anything(),
          fc.jsonValue(),
        ),
        async (route, body) => {
          const [method, path] = route === editPath ? ['PUT', route.slice(4)] : ['POST', route];
          const client = method === 'PUT' ? editor : path === '/api/medical-records' ? member : new HttpClient();
          const response = await client.request(method, path, JSON.stringify(body) ?? 'null', {
            'content-type': 'application/json',
          });
          assertNo5xx(path, body, response);
        },
      ),
      { numRuns: 1500 },
    );
    expect((await new HttpClient().get('/api/health')).status).toBe(200);
  });

  it('random tokens and ids never get a 5xx', async () => {
    const { client: member } = await signedInClient('fuzz-ids');
    const segment = fc.oneof(
      fc.string({ minLength: 1, maxLength: 300 }),
      fc.uuid(),
      fc.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/api/emergency-card/',
          '/api/emergency/',
          '/api/qr-code/',
          '/api/medical-records/',
          'DELETE /api/medical-records/',
        ),
        segment,
        async (route, raw) => {
          const [method, prefix] = route.startsWith('DELETE ') ? ['DELETE', route.slice(7)] : ['GET', route];
          const path = `${prefix}${encodeURIComponent(raw)}${prefix === '/api/medical-records/' && method === 'GET' ? '/emergency-contacts' : ''}`;
          // Card routes are public and rate limited per address: each try comes from a new visitor.
          const client = prefix.startsWith('/api/emergency') ? new HttpClient() : member;
          const response = await client.request(method, path);
          assertNo5xx(path, raw, response);
          expect(response.status).toBe(404);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
