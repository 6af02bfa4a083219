import pg from 'pg';
import { CodeConfirmationMessages, RecordsMessages } from '@medical-qr/contracts';
import { signInWithGoogle } from '../auth/google-flow.js';
import { HttpClient, mailTo, uniqueEmail, waitForMailLink } from '../support/http-client.js';
import { CODE_CONFIRMATION_SUBJECT, codeConfirmationToken, medicalForm, tokenIndexOf } from './records-fixtures.js';

async function withDatabase<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/** Registers an account for `email`, follows its verification link and signs in. */
async function registerVerifyAndSignIn(email: string, password: string): Promise<HttpClient> {
  const client = new HttpClient();
  const registered = await client.post('/api/auth/register', {
    firstName: 'Rosa',
    lastName: 'Lindqvist',
    email,
    password,
  });
  expect(registered.status).toBe(201);
  const token = new URL(await waitForMailLink(email, /Confirm your email/)).pathname.split('/').pop()!;
  expect((await client.get(`/api/auth/verify-email/${token}`)).status).toBe(302);
  expect((await client.post('/api/auth/login', { email, password })).status).toBe(200);
  return client;
}

const confirm = (token: string) => new HttpClient().post('/api/anonymous-medical-record/confirm-email', { token });
const confirmationMails = async (email: string) =>
  (await mailTo(email)).filter((mail) => CODE_CONFIRMATION_SUBJECT.test(mail.subject));

describe('a code planted with someone else’s email', () => {
  it('is not claimed when that person verifies the email, and never shows what they write later', async () => {
    const email = uniqueEmail('planted');
    const stranger = await new HttpClient().post(
      '/api/anonymous-medical-record',
      medicalForm({ email, allergies: 'Planted by a stranger' }),
    );
    expect(stranger.status).toBe(200);

    const person = await registerVerifyAndSignIn(email, 'planted-pass-1');
    expect((await person.get('/api/medical-records')).body.records).toEqual([]);
    expect((await person.get('/api/medical-records/dashboard')).body).toMatchObject({ record: null });

    const own = await person.post('/api/medical-records', medicalForm({ email, allergies: 'Sulfa drugs (private)' }));
    expect(own.status).toBe(200);
    expect(own.body.token).not.toBe(stranger.body.token);
    const listed = (await person.get('/api/medical-records')).body.records as Array<{ token: string }>;
    expect(listed.map((record) => record.token)).toEqual([own.body.token]);

    // The stranger's token still opens only the stranger's own card.
    const strangerCard = await new HttpClient().get(`/api/emergency-card/${stranger.body.token}`);
    expect(strangerCard.status).toBe(200);
    expect(strangerCard.body.allergies).toBe('Planted by a stranger');
    expect(JSON.stringify(strangerCard.body)).not.toContain('Sulfa');
  });

  it('is not claimed when that person signs in with Google', async () => {
    const email = uniqueEmail('planted-google');
    const stranger = await new HttpClient().post('/api/anonymous-medical-record', medicalForm({ email }));
    expect(stranger.status).toBe(200);

    const person = new HttpClient();
    await signInWithGoogle(person, email, '/api/auth/google');
    expect((await person.get('/api/medical-records')).body.records).toEqual([]);
  });

  it('does not stop that person making their own free code with the same email', async () => {
    const email = uniqueEmail('planted-first');
    expect((await new HttpClient().post('/api/anonymous-medical-record', medicalForm({ email }))).status).toBe(200);

    const own = await new HttpClient().post('/api/anonymous-medical-record', medicalForm({ email }));
    expect(own.status).toBe(200);
    expect(own.body.confirmationMailed).toBe(true);
  });
});

describe('a code whose maker proved the email', () => {
  it('is mailed a confirmation link at creation, and once confirmed is in the account that registers with the email', async () => {
    const email = uniqueEmail('confirmed');
    const created = await new HttpClient().post('/api/anonymous-medical-record', medicalForm({ email }));
    expect(created.status).toBe(200);
    expect(created.body.confirmationMailed).toBe(true);
    const token = await codeConfirmationToken(email);
    const [mail] = await confirmationMails(email);
    expect(mail?.text).toContain('Confirm this is your email');
    expect(mail?.text).toContain('confirm this is your email to keep this code with your account');

    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ confirmed: true, expiresAt: created.body.expiresAt });

    const person = await registerVerifyAndSignIn(email, 'confirmed-pass-1');
    const records = (await person.get('/api/medical-records')).body.records as Array<{ token: string }>;
    expect(records.map((record) => record.token)).toEqual([created.body.token]);

    // Now it is that email's one free anonymous code.
    const again = await new HttpClient().post('/api/anonymous-medical-record', medicalForm({ email }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(RecordsMessages.anonymousActiveExists);
  });

  it('keeps one confirmed code per email: of two codes confirmed at once, one is confirmed and the other says why not', async () => {
    const email = uniqueEmail('confirm-race');
    for (const _ of [1, 2]) {
      expect((await new HttpClient().post('/api/anonymous-medical-record', medicalForm({ email }))).status).toBe(200);
    }
    let mails: Awaited<ReturnType<typeof confirmationMails>> = [];
    const deadline = Date.now() + 15_000;
    while (mails.length < 2 && Date.now() < deadline) {
      mails = await confirmationMails(email);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const tokens = mails.map((mail) => new URL(mail.links[0]!).pathname.split('/').pop()!);
    expect(tokens).toHaveLength(2);

    const results = await Promise.all(tokens.map(confirm));
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect(results.find((result) => result.status === 409)!.body.message).toBe(CodeConfirmationMessages.conflict);
  });
});

describe('the confirmation link', () => {
  it('works once', async () => {
    const email = uniqueEmail('confirm-once');
    expect((await new HttpClient().post('/api/anonymous-medical-record', medicalForm({ email }))).status).toBe(200);
    const token = await codeConfirmationToken(email);
    expect((await confirm(token)).status).toBe(200);

    const again = await confirm(token);
    expect(again.status).toBe(410);
    expect(again.body.message).toBe(CodeConfirmationMessages.used);
  });

  it('expires with its code', async () => {
    const email = uniqueEmail('confirm-late');
    const created = await new HttpClient().post('/api/anonymous-medical-record', medicalForm({ email }));
    const token = await codeConfirmationToken(email);
    await withDatabase((db) =>
      db.query(
        `update records.anonymous_code_confirmations set expires_at = now() - interval '1 second'
         where record_id = (select id from records.medical_records where token_index = $1)`,
        [tokenIndexOf(created.body.token)],
      ),
    );

    const late = await confirm(token);
    expect(late.status).toBe(410);
    expect(late.body.message).toBe(CodeConfirmationMessages.expired);
    // Unconfirmed, it is claimed by nobody.
    const person = await registerVerifyAndSignIn(email, 'confirm-late-1');
    expect((await person.get('/api/medical-records')).body.records).toEqual([]);
  });

  it('answers a token that was never issued, or is not a token at all, with a clear 4xx', async () => {
    const unknown = await confirm('A'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(CodeConfirmationMessages.invalid);

    for (const token of ['', 'short', 'x'.repeat(500), '../../etc/passwd'.padEnd(43, 'a')]) {
      const refused = await confirm(token);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/^token: /);
    }
    const noBody = await new HttpClient().post('/api/anonymous-medical-record/confirm-email', {});
    expect(noBody.status).toBe(400);
  });

  it('is served as a page of the app', async () => {
    const page = await new HttpClient().get(`/confirm-code-email/${'A'.repeat(43)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
  });
});

describe('confirmation mails to one address', () => {
  it('are one per code, and at most three a day whoever asks; the codes are made all the same', async () => {
    const email = uniqueEmail('confirm-cap');
    const created = [];
    for (const _ of [1, 2, 3, 4, 5]) {
      created.push(await new HttpClient().post('/api/anonymous-medical-record', medicalForm({ email })));
    }
    expect(created.map((result) => result.status)).toEqual([200, 200, 200, 200, 200]);
    expect(created.map((result) => result.body.confirmationMailed)).toEqual([true, true, true, false, false]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await confirmationMails(email)).toHaveLength(3);
  });

  it('count against the cap every mail to the address shares, so codes cannot add to a flood of resets', async () => {
    const email = uniqueEmail('confirm-shared-cap');
    const register = { firstName: 'Cap', lastName: 'Shared', email, password: 'pass-word' };
    expect((await new HttpClient().post('/api/auth/register', register)).status).toBe(201);
    // The sign-up mail and four resends: the address's five mails of the hour.
    for (const _ of [1, 2, 3, 4]) await new HttpClient().post('/api/auth/verify-email', { email });
    await waitForMailLink(email, /Confirm your email/);
    const created = await new HttpClient().post('/api/anonymous-medical-record', medicalForm({ email }));
    expect([created.status, created.body.confirmationMailed]).toEqual([200, false]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await confirmationMails(email)).toHaveLength(0);
  });
});
