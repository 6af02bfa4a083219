import pg from 'pg';
import { RecordsMessages, type EmergencyContactInput, type MedicalFormInput } from '@medical-qr/contracts';
import { signedInClient } from '../support/accounts.js';
import { HttpClient } from '../support/http-client.js';
import { medicalForm } from './records-fixtures.js';

async function withDatabase<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

async function pollFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    value = await read();
  }
  return value;
}

/** What the edit changes, each value distinctive enough to look for in raw rows. */
const edit: Partial<MedicalFormInput> & { emergencyContacts: EmergencyContactInput[] } = {
  allergies: 'Sulfonamides (hives)',
  organDonor: null,
  gender: 'prefer-not-to-say',
  medications: 'Apixaban 5 mg twice daily',
  devices: 'Boston Scientific ICD, left chest',
  languagesSpoken: 'Yoruba, Basque',
  careDirectives: 'DNR: document in wallet',
  emergencyContacts: [{ name: 'Ifeoma Sandoval', phone: '+1 555 0142', relationship: 'Daughter', isPrimary: true }],
};

describe('PUT /api/medical-records/{id}: editing keeps the code', () => {
  it('keeps token and expiry, and the original card link serves the new data at once', async () => {
    const { client } = await signedInClient('editor');
    const created = (await client.post('/api/medical-records', medicalForm())).body;
    const responder = new HttpClient();
    expect((await responder.get(`/api/emergency-card/${created.token}`)).body.allergies).toBe(
      'Penicillin anaphylaxis; latex',
    );

    const updated = await client.request('PUT', `/api/medical-records/${created.id}`, medicalForm(edit));
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: created.id,
      token: created.token,
      cardUrl: created.cardUrl,
      qrCodeData: created.qrCodeData,
      expiresAt: created.expiresAt,
      createdAt: created.createdAt,
      isActive: true,
      hasGivenConsent: true,
      ...edit,
      emergencyContacts: [{ id: expect.any(String), ...edit.emergencyContacts[0] }],
    });

    const card = await responder.get(`/api/emergency-card/${created.token}`);
    expect(card.status).toBe(200);
    expect(card.body).toMatchObject({ ...edit, emergencyContacts: [{ ...edit.emergencyContacts[0] }] });
    expect(card.body.emergencyContacts).toHaveLength(1);

    // Still the one active code, not a second one.
    const list = (await client.get('/api/medical-records')).body.records as Array<{ id: string; isActive: boolean }>;
    expect(list.map((r) => [r.id, r.isActive])).toEqual([[created.id, true]]);
    const dashboard = (await client.get('/api/medical-records/dashboard')).body;
    expect(dashboard.record).toMatchObject({ id: created.id, token: created.token, ...edit });
  });

  it('stores the new values encrypted and writes records.record.updated to the audit log', async () => {
    const { client } = await signedInClient('edit-audit');
    const created = (await client.post('/api/medical-records', medicalForm())).body;
    expect((await client.request('PUT', `/api/medical-records/${created.id}`, medicalForm(edit))).status).toBe(200);

    const dump = await withDatabase(async (db) => {
      const records = await db.query(`select * from records.medical_records where id = $1`, [created.id]);
      const contacts = await db.query(`select * from records.emergency_contacts where record_id = $1`, [created.id]);
      return JSON.stringify([records.rows, contacts.rows]);
    });
    expect(dump).toContain('v1.');
    for (const secret of ['Sulfonamides', 'Apixaban', 'Boston Scientific', 'Yoruba', 'Basque', 'DNR', 'Ifeoma']) {
      expect({ secret, found: dump.includes(secret) }).toEqual({ secret, found: false });
    }

    const entries = await pollFor(
      () =>
        withDatabase(
          async (db) =>
            (
              await db.query(
                `select action, details from privacy.audit_log where action = 'records.record.updated' and details->>'recordId' = $1`,
                [created.id],
              )
            ).rows,
        ),
      (rows) => rows.length > 0,
    );
    expect(entries).toEqual([{ action: 'records.record.updated', details: { recordId: created.id } }]);
  });

  it("answers 404 for someone else's record, an unknown id and a malformed one, and 401 signed out", async () => {
    const owner = (await signedInClient('edit-owner')).client;
    const other = (await signedInClient('edit-mallory')).client;
    const record = (await owner.post('/api/medical-records', medicalForm())).body;

    for (const id of [record.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const response = await other.request('PUT', `/api/medical-records/${encodeURIComponent(id)}`, medicalForm(edit));
      expect({ id, status: response.status, message: response.body.message }).toEqual({
        id,
        status: 404,
        message: RecordsMessages.recordNotFound,
      });
    }
    expect((await new HttpClient().request('PUT', `/api/medical-records/${record.id}`, medicalForm(edit))).status).toBe(
      401,
    );
    // Nothing changed for the owner or on the card.
    expect((await new HttpClient().get(`/api/emergency-card/${record.token}`)).body.allergies).toBe(
      'Penicillin anaphylaxis; latex',
    );
  });

  it('validates like create: a 400 naming the field, and free plans keep one contact', async () => {
    const { client } = await signedInClient('edit-checks');
    const record = (await client.post('/api/medical-records', medicalForm())).body;
    const put = (body: unknown) => client.request('PUT', `/api/medical-records/${record.id}`, body);

    for (const [change, message] of [
      [{ hasGivenConsent: false }, /^Please confirm that you agree/],
      [{ bloodGroup: 'C+' }, /^bloodGroup: must be one of/],
      [{ organDonor: 'no' }, /^organDonor: must be true, false or null/],
      [{ careDirectives: 'x'.repeat(1001) }, /^careDirectives: at most 1000 characters/],
      [{ ssn: '123-45-6789' }, /Unknown field: ssn/],
    ] as const) {
      const response = await put({ ...medicalForm(), ...change });
      expect({ change, status: response.status, code: response.body.code }).toEqual({
        change,
        status: 400,
        code: 'VALIDATION_ERROR',
      });
      expect(response.body.message).toMatch(message);
    }

    const twoContacts = await put(
      medicalForm({
        emergencyContacts: [
          { name: 'A One', phone: '+1 555 0100', isPrimary: true },
          { name: 'B Two', phone: '+1 555 0101' },
        ],
      }),
    );
    expect(twoContacts.status).toBe(400);
    expect(twoContacts.body.message).toBe(`emergencyContacts: ${RecordsMessages.tooManyContactsFree}`);
    expect((await new HttpClient().get(`/api/emergency-card/${record.token}`)).body.emergencyContacts).toHaveLength(1);
  });

  it('refuses to edit a replaced code (409) or an expired one (410), saying why', async () => {
    const { client } = await signedInClient('edit-stale');
    const first = (await client.post('/api/medical-records', medicalForm())).body;
    // "Replace my code": the create path gives a free user a new token and retires the old one.
    const second = (await client.post('/api/medical-records', medicalForm())).body;
    expect(second.token).not.toBe(first.token);

    const replaced = await client.request('PUT', `/api/medical-records/${first.id}`, medicalForm(edit));
    expect(replaced.status).toBe(409);
    expect(replaced.body.message).toBe(RecordsMessages.recordNotEditableReplaced);

    await withDatabase((db) =>
      db.query(`update records.medical_records set expires_at = now() - interval '1 minute' where id = $1`, [
        second.id,
      ]),
    );
    const expired = await client.request('PUT', `/api/medical-records/${second.id}`, medicalForm(edit));
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe(RecordsMessages.recordNotEditableExpired);
    expect((await new HttpClient().get(`/api/emergency-card/${second.token}`)).status).toBe(410);
  });
});

describe('new fields and the not-stated answers', () => {
  it('reads a form without the new fields as not stated: organ donor null, gender unspecified, texts empty', async () => {
    const {
      organDonor: _organDonor,
      gender: _gender,
      medications: _medications,
      devices: _devices,
      languagesSpoken: _languages,
      careDirectives: _directives,
      ...spare
    } = medicalForm();
    const created = await new HttpClient().post('/api/anonymous-medical-record', spare);
    expect(created.status).toBe(200);
    const card = await new HttpClient().get(`/api/emergency-card/${created.body.token}`);
    expect(card.body).toMatchObject({
      organDonor: null,
      gender: 'unspecified',
      medications: '',
      devices: '',
      languagesSpoken: '',
      careDirectives: '',
    });
  });

  it('keeps an explicit "No" for organ donor apart from not stated', async () => {
    const created = await new HttpClient().post('/api/anonymous-medical-record', medicalForm({ organDonor: false }));
    const card = await new HttpClient().get(`/api/emergency-card/${created.body.token}`);
    expect(card.body.organDonor).toBe(false);
  });
});

describe('PUT /api/medical-records/{id}: a save from an older version never undoes a newer one', () => {
  it('answers 409 with the record as saved now, and saves once the newer version is named', async () => {
    const { client } = await signedInClient('two-tabs');
    const created = (await client.post('/api/medical-records', medicalForm())).body;
    const opened = await client.get(`/api/medical-records/${created.id}`);
    expect(opened.body.version).toBe(1);
    expect(opened.headers.get('etag')).toBe('"1"');
    const path = `/api/medical-records/${created.id}`;

    // Two tabs opened at version 1; the first saves a new medication.
    const first = await client.request('PUT', path, medicalForm({ medications: 'Warfarin 5 mg' }), {
      'if-match': '"1"',
    });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(2);
    expect(first.headers.get('etag')).toBe('"2"');

    // The second, still at version 1, is refused with what is saved now; the medication stays.
    const second = await client.request('PUT', path, medicalForm({ allergies: 'Bees' }), { 'if-match': '"1"' });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      code: 'EDIT_CONFLICT',
      message: RecordsMessages.editConflict,
      current: { id: created.id, version: 2, medications: 'Warfarin 5 mg' },
    });
    const card = (await new HttpClient().get(`/api/emergency-card/${created.token}`)).body;
    expect(card).toMatchObject({ medications: 'Warfarin 5 mg', allergies: 'Penicillin anaphylaxis; latex' });

    // Choosing to keep theirs, the tab names version 2 and its save goes through.
    const kept = await client.request('PUT', path, medicalForm({ allergies: 'Bees', medications: 'Warfarin 5 mg' }), {
      'if-match': 'W/"2"',
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ version: 3, allergies: 'Bees', medications: 'Warfarin 5 mg' });
  });

  it('lets exactly one of two saves made at once from the same version through', async () => {
    const { client } = await signedInClient('two-tabs-race');
    const created = (await client.post('/api/medical-records', medicalForm())).body;
    const path = `/api/medical-records/${created.id}`;
    const answers = await Promise.all(
      ['Aspirin', 'Metformin'].map((medications) =>
        client.request('PUT', path, medicalForm({ medications }), { 'if-match': '"1"' }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });

  it('refuses an If-Match that names no version, and saves without one as before', async () => {
    const { client } = await signedInClient('if-match-checks');
    const created = (await client.post('/api/medical-records', medicalForm())).body;
    const path = `/api/medical-records/${created.id}`;
    for (const ifMatch of ['1', '"abc"', '"0"', '"99999999999"']) {
      const response = await client.request('PUT', path, medicalForm(), { 'if-match': ifMatch });
      expect({ ifMatch, status: response.status }).toEqual({ ifMatch, status: 400 });
      expect(response.body.message).toBe('If-Match must be the ETag of the version you edited, such as "3".');
    }
    expect((await client.request('PUT', path, medicalForm())).status).toBe(200);
    // Someone else's record is still not found, whatever version is named.
    const { client: other } = await signedInClient('if-match-stranger');
    expect((await other.request('PUT', path, medicalForm(), { 'if-match': '"2"' })).status).toBe(404);
  });
});
