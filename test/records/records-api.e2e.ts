import pg from 'pg';
import { WebSocket } from 'ws';
import { RecordsMessages } from '@medical-qr/contracts';
import { signedInClient } from '../support/accounts.js';
import { baseUrl } from '../support/api.js';
import { HttpClient, mailTo, uniqueEmail } from '../support/http-client.js';
import { decodeQr, decodeQrWithZbar, pngFromDataUrl } from '../support/qr.js';
import { confirmCodeEmail, medicalForm, RESPONDER_PHONE, tokenIndexOf } from './records-fixtures.js';

const DAY = 24 * 3600 * 1000;

async function withDatabase<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

async function pngOf(client: HttpClient, path: string): Promise<{ status: number; type: string | null; png: Buffer }> {
  const response = await fetch(`${baseUrl()}${path}`, {
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-forwarded-for': client.ip },
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    png: Buffer.from(await response.arrayBuffer()),
  };
}

describe('anonymous codes', () => {
  it('creates a 2-day code whose QR decodes to the card, and the card shows every field', async () => {
    const visitor = new HttpClient();
    const form = medicalForm();
    const created = await visitor.post('/api/anonymous-medical-record', form);
    expect(created.status).toBe(200);
    const { token, qrCodeData, cardUrl, expiresAt, reference } = created.body;
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Its printed reference, two groups of four of an alphabet without look-alikes, on the card as on the reply.
    expect(reference).toMatch(/^[2-9A-HJKMNP-TW-Z]{4} [2-9A-HJKMNP-TW-Z]{4}$/);
    expect(cardUrl).toBe(`${baseUrl()}/emergency/${token}`);
    expect(Math.abs(Date.parse(expiresAt) - (Date.now() + 2 * DAY))).toBeLessThan(60_000);
    const png = pngFromDataUrl(qrCodeData);
    expect(decodeQr(png)).toBe(cardUrl);
    expect(decodeQrWithZbar(png)).toBe(cardUrl);

    const card = await new HttpClient().get(`/api/emergency-card/${token}`);
    expect(card.status).toBe(200);
    expect(card.headers.get('cache-control')).toBe('no-store');
    expect(card.headers.get('referrer-policy')).toBe('no-referrer');
    expect(card.body).toEqual({
      firstName: 'Imogen',
      lastName: 'Vasquez-Thornbury',
      email: form.email,
      phoneNumber: '+44 20 7946 0958',
      gender: 'female',
      bloodGroup: 'AB-',
      allergies: 'Penicillin anaphylaxis; latex',
      medicalConditions: 'Type 1 diabetes (insulin pump)',
      organDonor: true,
      medications: 'Levothyroxine 75 mcg; NovoRapid via pump',
      devices: 'Omnipod insulin pump, left abdomen',
      languagesSpoken: 'Catalan, Tagalog',
      careDirectives: 'Advance directive: with Dr Okonkwo',
      // The first-minute facts this form leaves unsaid.
      age: null,
      resuscitationStatus: 'not_stated',
      directiveLocation: '',
      interpreterNeeded: null,
      writtenIn: 'en',
      allergySeverities: [],
      emergencyContacts: [
        {
          id: expect.any(String),
          name: 'Bartholomew Quist',
          phone: '+44 (0) 7700-900123',
          relationship: 'Brother',
          isPrimary: true,
        },
      ],
      createdAt: expect.any(String),
      factsCheckedAt: expect.any(String),
      expiresAt,
      reference,
    });

    const scanner = await new HttpClient().get(`/api/emergency/${token}`);
    expect(scanner.status).toBe(200);
    expect(scanner.body).toMatchObject({ bloodGroup: 'AB-', allergies: 'Penicillin anaphylaxis; latex' });

    // The card page itself: rendered by the server with the data in it, with the same headers.
    const page = await new HttpClient().get(`/emergency/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    // Read as text (the owner's words sit in elements marked with their language); "latex" by its listed name.
    const text = String(page.body).replace(/<[^>]+>/g, '');
    expect(text).toContain('Penicillin anaphylaxis; Latex');
    expect(text).toContain('Levothyroxine 75 mcg; NovoRapid via pump');
  });

  it('allows one confirmed free code per email, saying whether it is still active or has expired', async () => {
    const email = uniqueEmail('once');
    const first = await new HttpClient().post('/api/anonymous-medical-record', medicalForm({ email }));
    expect(first.status).toBe(200);
    // Only a code whose maker proved the email counts as the email's one (see anonymous-code-confirmation.e2e.ts).
    await confirmCodeEmail(email);

    const again = await new HttpClient().post(
      '/api/anonymous-medical-record',
      medicalForm({ email: email.toUpperCase() }),
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(RecordsMessages.anonymousActiveExists);
    expect(again.body.message).toContain('already has an active QR code');
    expect(again.body.code).toBe('ANONYMOUS_CODE_ACTIVE');

    await withDatabase((db) =>
      db.query(`update records.medical_records set expires_at = now() - interval '1 second' where token_index = $1`, [
        tokenIndexOf(first.body.token),
      ]),
    );
    const afterExpiry = await new HttpClient().post('/api/anonymous-medical-record', medicalForm({ email }));
    expect(afterExpiry.status).toBe(409);
    expect(afterExpiry.body.message).toContain('already has an expired QR code');
    expect(afterExpiry.body.code).toBe('ANONYMOUS_CODE_EXPIRED');
    // Reads never serve an expired code, whatever the expiry jobs did.
    expect((await new HttpClient().get(`/api/emergency-card/${first.body.token}`)).status).toBe(410);
    expect((await new HttpClient().get(`/api/emergency/${first.body.token}`)).body.message).toBe(
      RecordsMessages.emergencyNotFound,
    );
  });

  it('answers the same email racing from three tabs, once it has a confirmed code, with no new code', async () => {
    const email = uniqueEmail('race');
    expect((await new HttpClient().post('/api/anonymous-medical-record', medicalForm({ email }))).status).toBe(200);
    await confirmCodeEmail(email);
    const results = await Promise.all(
      [1, 2, 3].map(() => new HttpClient().post('/api/anonymous-medical-record', medicalForm({ email }))),
    );
    expect(results.map((r) => r.status)).toEqual([409, 409, 409]);
  });

  it('keeps free codes to one emergency contact', async () => {
    const twoContacts = medicalForm({
      emergencyContacts: [
        { name: 'A One', phone: '+1 555 0100', relationship: 'Friend', isPrimary: true },
        { name: 'B Two', phone: '+1 555 0101', relationship: 'Friend', isPrimary: false },
      ],
    });
    const response = await new HttpClient().post('/api/anonymous-medical-record', twoContacts);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(`emergencyContacts: ${RecordsMessages.tooManyContactsFree}`);
  });

  it('makes the first contact primary when none is flagged', async () => {
    const created = await new HttpClient().post(
      '/api/anonymous-medical-record',
      medicalForm({ emergencyContacts: [{ name: 'Nadia', phone: '555 0199', isPrimary: false }] }),
    );
    const card = await new HttpClient().get(`/api/emergency-card/${created.body.token}`);
    expect(card.body.emergencyContacts).toEqual([
      { id: expect.any(String), name: 'Nadia', phone: '555 0199', relationship: '', isPrimary: true },
    ]);
  });
});

describe('bad input', () => {
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ['no consent', { hasGivenConsent: false }, /^Please confirm that you agree/],
    ['an unknown blood group', { bloodGroup: 'C+' }, /^bloodGroup: must be one of A\+, A-/],
    ['an unknown gender', { gender: 'robot' }, /^gender: must be one of unspecified, male/],
    [
      'an email domain that cannot receive mail',
      { email: 'sam@clinic.test' },
      /^email: clinic\.test is not a valid domain/,
    ],
    ['a domain label ending in a hyphen', { email: 'sam@bad-.example.com' }, /not a valid domain/],
    ['a malformed email', { email: 'sam@' }, /^email: Invalid email format/],
    [
      'a contact without a phone',
      { emergencyContacts: [{ name: 'X', phone: '' }] },
      /^emergencyContacts\.0\.phone: Phone is required/,
    ],
    [
      'a contact phone with letters',
      { emergencyContacts: [{ name: 'X', phone: 'call me' }] },
      /^emergencyContacts\.0\.phone: Phone number may hold digits/,
    ],
    [
      'two primary contacts',
      {
        emergencyContacts: [
          { name: 'A', phone: '5550100', isPrimary: true },
          { name: 'B', phone: '5550101', isPrimary: true },
        ],
      },
      /only one contact can be primary/,
    ],
    [
      'eleven contacts',
      { emergencyContacts: Array.from({ length: 11 }, (_, i) => ({ name: `C${i}`, phone: '5550100' })) },
      /^emergencyContacts: at most 10 contacts/,
    ],
    ['allergies over 2000 characters', { allergies: 'x'.repeat(2001) }, /^allergies: at most 2000 characters/],
    ['organ donor as text', { organDonor: 'yes' }, /^organDonor: must be true, false or null/],
    ['medications over 2000 characters', { medications: 'x'.repeat(2001) }, /^medications: at most 2000 characters/],
    ['devices as a list', { devices: ['pacemaker'] }, /^devices: /],
    ['languages over 200 characters', { languagesSpoken: 'x'.repeat(201) }, /^languagesSpoken: at most 200 characters/],
    ['an unknown field', { ssn: '123-45-6789' }, /Unknown field: ssn/],
    ['no first name', { firstName: '  ' }, /^firstName: First name is required/],
  ];

  it.each(cases)('refuses %s with a 400 naming the field', async (_label, change, message) => {
    const response = await new HttpClient().post('/api/anonymous-medical-record', { ...medicalForm(), ...change });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_ERROR');
    expect(response.body.message).toMatch(message);
  });

  it('answers unknown and malformed tokens 404 with the card texts', async () => {
    const visitor = new HttpClient();
    for (const token of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', 'x'.repeat(500), '..%2f..%2fetc', 'Ω≈ç√∫˜µ≤≥÷åß∂ƒ©˙∆']) {
      const card = await visitor.get(`/api/emergency-card/${encodeURIComponent(token)}`);
      expect({ token, status: card.status, message: card.body.message }).toEqual({
        token,
        status: 404,
        message: RecordsMessages.cardNotFound,
      });
      expect(card.headers.get('cache-control')).toBe('no-store');
      const scanner = await visitor.get(`/api/emergency/${encodeURIComponent(token)}`);
      expect(scanner.status).toBe(404);
      expect(scanner.body.message).toBe(RecordsMessages.emergencyNotFound);
    }
  });
});

describe('abuse limits', () => {
  it('answers the 101st card request from one address in 5 minutes with 429 and Retry-After', async () => {
    const scraper = new HttpClient();
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++)
      statuses.push((await scraper.get('/api/emergency-card/AAAAAAAAAAAAAAAAAAAAAA')).status);
    expect(statuses.every((status) => status === 404)).toBe(true);
    const limited = await scraper.get('/api/emergency-card/AAAAAAAAAAAAAAAAAAAAAA');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Other visitors are not affected.
    expect((await new HttpClient().get('/api/emergency-card/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });
});

describe('medical data at rest', () => {
  it('holds no plaintext name, email, phone, allergy, condition, contact or card token in the database', async () => {
    const form = medicalForm();
    const created = await new HttpClient().post('/api/anonymous-medical-record', form);
    expect(created.status).toBe(200);
    const dump = await withDatabase(async (db) => {
      const records = await db.query(`select * from records.medical_records where token_index = $1`, [
        tokenIndexOf(created.body.token),
      ]);
      const contacts = await db.query(`select * from records.emergency_contacts where record_id = $1`, [
        records.rows[0].id,
      ]);
      return JSON.stringify([records.rows, contacts.rows]);
    });
    expect(dump).toContain('v1.');
    for (const secret of [
      'Imogen',
      'Vasquez',
      form.email,
      '7946',
      'Penicillin',
      'latex',
      'diabetes',
      'Bartholomew',
      '900123',
      'Brother',
      'AB-',
      'Levothyroxine',
      'Omnipod',
      'Catalan',
      'Tagalog',
      'Okonkwo',
      // The card's token: with it anyone opens the card, so the database holds only its keyed hash and ciphertext.
      created.body.token,
    ]) {
      expect({ secret, found: dump.includes(secret) }).toEqual({ secret, found: false });
    }
  });
});

describe("a signed-in user's codes", () => {
  it('asks for sign-in on every owner endpoint', async () => {
    const visitor = new HttpClient();
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, path] of [
      ['GET', '/api/medical-records'],
      ['GET', '/api/medical-records/active'],
      ['GET', '/api/medical-records/dashboard'],
      ['POST', '/api/medical-records'],
      ['GET', `/api/medical-records/${id}/emergency-contacts`],
      ['DELETE', `/api/medical-records/${id}`],
      ['GET', `/api/qr-code/${id}`],
    ] as const) {
      const response = await visitor.request(method, path, method === 'POST' ? medicalForm() : undefined);
      expect({ path, status: response.status }).toEqual({ path, status: 401 });
    }
  });

  it('creates a 10-day code, lists it, shows it on the dashboard, serves its QR, then a new one replaces it', async () => {
    const { client } = await signedInClient('owner');
    expect((await client.get('/api/medical-records')).body.records).toEqual([]);
    expect((await client.get('/api/medical-records/active')).body).toBeNull();
    expect((await client.get('/api/medical-records/dashboard')).body).toEqual({ record: null, emergencyContacts: [] });

    const first = await client.post('/api/medical-records', medicalForm());
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      isActive: true,
      bloodGroup: 'AB-',
      hasGivenConsent: true,
      token: expect.stringMatching(/^[\w-]{22}$/),
    });
    expect(Math.abs(Date.parse(first.body.expiresAt) - (Date.now() + 10 * DAY))).toBeLessThan(60_000);
    expect(decodeQr(pngFromDataUrl(first.body.qrCodeData))).toBe(`${baseUrl()}/emergency/${first.body.token}`);

    const qr = await pngOf(client, `/api/qr-code/${first.body.id}`);
    expect(qr.status).toBe(200);
    expect(qr.type).toBe('image/png');
    expect(decodeQrWithZbar(qr.png)).toBe(`${baseUrl()}/emergency/${first.body.token}`);

    expect((await client.get('/api/medical-records/active')).body.id).toBe(first.body.id);
    const dashboard = await client.get('/api/medical-records/dashboard');
    expect(dashboard.body.record.id).toBe(first.body.id);
    expect(dashboard.body.emergencyContacts).toEqual(first.body.emergencyContacts);
    const contacts = await client.get(`/api/medical-records/${first.body.id}/emergency-contacts`);
    expect(contacts.body).toEqual(first.body.emergencyContacts);

    const second = await client.post('/api/medical-records', medicalForm({ allergies: 'Sulfa drugs' }));
    expect(second.status).toBe(200);
    const list = (await client.get('/api/medical-records')).body.records;
    expect(list.map((r: { id: string; isActive: boolean }) => [r.id, r.isActive])).toEqual([
      [second.body.id, true],
      [first.body.id, false],
    ]);
    expect((await new HttpClient().get(`/api/emergency-card/${first.body.token}`)).status).toBe(410);
    expect((await new HttpClient().get(`/api/emergency-card/${second.body.token}`)).body.allergies).toBe('Sulfa drugs');

    expect((await client.request('DELETE', `/api/medical-records/${second.body.id}`)).body).toEqual({ deleted: true });
    expect((await client.request('DELETE', `/api/medical-records/${second.body.id}`)).status).toBe(404);
    expect((await new HttpClient().get(`/api/emergency-card/${second.body.token}`)).status).toBe(404);
    expect((await client.get('/api/medical-records')).body.records.map((r: { id: string }) => r.id)).toEqual([
      first.body.id,
    ]);
  });

  it("answers 404 for someone else's record, and for ids that cannot exist", async () => {
    const owner = (await signedInClient('alice')).client;
    const other = (await signedInClient('mallory')).client;
    const record = (await owner.post('/api/medical-records', medicalForm())).body;

    for (const path of [`/api/medical-records/${record.id}/emergency-contacts`, `/api/qr-code/${record.id}`]) {
      const response = await other.get(path);
      expect({ path, status: response.status, message: response.body.message }).toEqual({
        path,
        status: 404,
        message: RecordsMessages.recordNotFound,
      });
    }
    expect((await other.request('DELETE', `/api/medical-records/${record.id}`)).status).toBe(404);
    expect((await other.get('/api/medical-records')).body.records).toEqual([]);
    expect((await owner.get(`/api/medical-records/${record.id}/emergency-contacts`)).status).toBe(200);
    for (const bad of ['not-a-uuid', '1', "1' or '1'='1"]) {
      expect((await owner.get(`/api/medical-records/${encodeURIComponent(bad)}/emergency-contacts`)).status).toBe(404);
      expect((await owner.request('DELETE', `/api/medical-records/${encodeURIComponent(bad)}`)).status).toBe(404);
    }
  });

  it('refuses a free user a new code once theirs has expired, and the dashboard shows the expired one', async () => {
    const { client } = await signedInClient('lapsed');
    const record = (await client.post('/api/medical-records', medicalForm())).body;
    await withDatabase((db) =>
      db.query(`update records.medical_records set expires_at = now() - interval '1 minute' where id = $1`, [
        record.id,
      ]),
    );

    const dashboard = await client.get('/api/medical-records/dashboard');
    expect(dashboard.body.record).toMatchObject({ id: record.id, isActive: false });
    expect((await client.get('/api/medical-records/active')).body).toBeNull();
    const again = await client.post('/api/medical-records', medicalForm());
    expect(again.status).toBe(402);
    expect(again.body).toMatchObject({ code: 'QR_EXPIRED', message: RecordsMessages.userCodeExpired });
  });
});

describe('scan log and scan alerts', () => {
  it('logs every view coarsely, and mails a premium owner at most once per 10 minutes', async () => {
    const { client, email } = await signedInClient('alerted');
    const record = (await client.post('/api/medical-records', medicalForm())).body;
    // Premium lifts expiry (billing does this on upgrade); a never-expiring record is a premium one.
    await withDatabase((db) =>
      db.query(`update records.medical_records set expires_at = null where id = $1`, [record.id]),
    );

    const socket = new WebSocket(`${baseUrl().replace(/^http/, 'ws')}/ws`, {
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const liveMessages: Array<Record<string, unknown>> = [];
    socket.on('message', (data) => liveMessages.push(JSON.parse(String(data)) as Record<string, unknown>));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    // The socket is registered under its user once the session is read; give it that moment.
    await new Promise((r) => setTimeout(r, 300));

    const responder = new HttpClient();
    const phone =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
    for (let i = 0; i < 3; i++) {
      expect((await responder.get(`/api/emergency-card/${record.token}`, { 'user-agent': phone })).status).toBe(200);
    }

    const scans = await pollFor(
      () =>
        withDatabase(
          async (db) =>
            (await db.query(`select viewer, source from records.scan_events where record_id = $1`, [record.id])).rows,
        ),
      (rows) => rows.length === 3,
    );
    expect(scans).toEqual(Array(3).fill({ viewer: 'Chrome on Android', source: 'card' }));

    const alerts = await pollFor(
      async () => (await mailTo(email)).filter((m) => /card was just opened/.test(m.subject)),
      (found) => found.length > 0,
    );
    expect(alerts[0]!.text).toContain(record.token.slice(0, 8));
    expect(alerts[0]!.text).toContain('Chrome on Android');
    await new Promise((r) => setTimeout(r, 1000));
    expect((await mailTo(email)).filter((m) => /card was just opened/.test(m.subject))).toHaveLength(1);
    expect(liveMessages).toEqual([
      {
        type: 'card_scanned',
        recordId: record.id,
        tokenPrefix: record.token.slice(0, 8),
        viewedAt: expect.any(String),
        viewer: 'Chrome on Android',
      },
    ]);
    socket.close();
  });

  it('sends no alert for a free record', async () => {
    const { client, email } = await signedInClient('free-owner');
    const record = (await client.post('/api/medical-records', medicalForm())).body;
    const scan = await new HttpClient().get(`/api/emergency-card/${record.token}`, { 'user-agent': RESPONDER_PHONE });
    expect(scan.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await mailTo(email)).filter((m) => /card was just opened/.test(m.subject))).toEqual([]);
  });
});

async function pollFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    value = await read();
  }
  return value;
}
