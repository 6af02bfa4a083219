import { RecordsMessages } from '@medical-qr/contracts';
import { HttpClient, uniqueEmail, waitForMailLink } from '../support/http-client.js';
import { confirmCodeEmail, medicalForm } from './records-fixtures.js';

const DAY_MS = 24 * 3600 * 1000;

/** Registers an account for `email` and follows its emailed link; answers the client, not yet signed in. */
async function registerAndVerify(email: string, password: string): Promise<HttpClient> {
  const client = new HttpClient();
  const registered = await client.post('/api/auth/register', {
    firstName: 'Imogen',
    lastName: 'Vasquez',
    email,
    password,
  });
  expect(registered.status).toBe(201);
  const link = await waitForMailLink(email, /Confirm your email/);
  const token = new URL(link).pathname.split('/').pop()!;
  expect((await client.get(`/api/auth/verify-email/${token}`)).status).toBe(302);
  return client;
}

describe('anonymous codes whose maker confirmed the email are claimed by the account that verifies it', () => {
  it('a code made before the account exists shows in its history once the email is verified, and keeps working', async () => {
    const email = uniqueEmail('claim');
    const anonymous = await new HttpClient().post('/api/anonymous-medical-record', medicalForm({ email }));
    expect(anonymous.status).toBe(200);
    await confirmCodeEmail(email);

    const client = await registerAndVerify(email, 'claim-pass-1');
    expect((await client.post('/api/auth/login', { email, password: 'claim-pass-1' })).status).toBe(200);
    const records = (await client.get('/api/medical-records')).body.records as Array<{
      token: string;
      isActive: boolean;
      createdAt: string;
      expiresAt: string;
    }>;
    expect(records.map((record) => record.token)).toEqual([anonymous.body.token]);
    expect(records[0]!.isActive).toBe(true);
    // The account's lifetime (10 days from the code's creation), no longer the visitor's 2 days.
    const lifetime = Date.parse(records[0]!.expiresAt) - Date.parse(records[0]!.createdAt);
    expect(Math.round(lifetime / DAY_MS)).toBe(10);
    // The same code, the same card: a printed copy still opens it.
    expect((await new HttpClient().get(`/api/emergency-card/${anonymous.body.token}`)).status).toBe(200);

    // Still that email's one free anonymous code.
    const again = await new HttpClient().post('/api/anonymous-medical-record', medicalForm({ email }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(RecordsMessages.anonymousActiveExists);
  });

  it('a code made later with the email of a verified account is claimed at its next sign-in; other accounts never see it', async () => {
    const email = uniqueEmail('claim-later');
    await registerAndVerify(email, 'claim-pass-2');
    const anonymous = await new HttpClient().post('/api/anonymous-medical-record', medicalForm({ email }));
    expect(anonymous.status).toBe(200);
    await confirmCodeEmail(email);

    const stranger = uniqueEmail('claim-stranger');
    const other = await registerAndVerify(stranger, 'claim-pass-3');
    expect((await other.post('/api/auth/login', { email: stranger, password: 'claim-pass-3' })).status).toBe(200);
    expect((await other.get('/api/medical-records')).body.records).toEqual([]);

    const owner = new HttpClient();
    expect((await owner.post('/api/auth/login', { email, password: 'claim-pass-2' })).status).toBe(200);
    const records = (await owner.get('/api/medical-records')).body.records as Array<{ token: string }>;
    expect(records.map((record) => record.token)).toEqual([anonymous.body.token]);
    // Signing in again claims nothing twice.
    expect((await owner.post('/api/auth/login', { email, password: 'claim-pass-2' })).status).toBe(200);
    expect(((await owner.get('/api/medical-records')).body.records as unknown[]).length).toBe(1);
  });
});
