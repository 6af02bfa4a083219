import type { DatabaseHandle, FieldCipher } from '@medical-qr/platform';
import type { RecordsRepository } from './records.repository.js';
import { testMedicalForm } from '../testing/medical-form.js';
import { openRecordsTestDatabase, type RecordsTestDatabase } from '../testing/records-test-database.js';
const DAY = 24 * 3600 * 1000;

const form = testMedicalForm;

describe('RecordsRepository (real PostgreSQL)', () => {
  let testDatabase: RecordsTestDatabase;
  let database: DatabaseHandle;
  let cipher: FieldCipher;
  let records: RecordsRepository;

  beforeAll(async () => {
    testDatabase = await openRecordsTestDatabase('records-repository-spec');
    ({ database, cipher, records } = testDatabase);
  });
  afterAll(async () => {
    await testDatabase?.close();
  });

  async function rawRow(id: string): Promise<Record<string, unknown>> {
    const { rows } = await database.pool.query('select * from records.medical_records where id = $1', [id]);
    return rows[0] as Record<string, unknown>;
  }

  it('reads a record stored before the new fields existed: its "No" stays No, the new fields are empty', async () => {
    const userId = crypto.randomUUID();
    const stored = await records.forUser(userId, (scope) =>
      scope.insert({ token: 'OldRecordToken12345678', emailIndex: 'old', form: form(), expiresAt: null }),
    );
    // The details exactly as the previous version wrote them: organ donor a plain boolean, no new keys.
    const before = {
      firstName: 'Imogen',
      lastName: 'Vasquez',
      email: 'imogen@example.com',
      phoneNumber: null,
      gender: 'unspecified',
      bloodGroup: 'AB-',
      allergies: 'Latex',
      medicalConditions: 'Asthma',
      organDonor: false,
    };
    await database.pool.query('update records.medical_records set details = $1 where id = $2', [
      cipher.encrypt(JSON.stringify(before), stored.id),
      stored.id,
    ]);

    const read = await records.findOwned(userId, stored.id);
    expect(read?.details).toEqual({
      ...before,
      medications: '',
      devices: '',
      languagesSpoken: '',
      careDirectives: '',
      // Saved before the first-minute facts: not stated.
      dateOfBirth: null,
      resuscitationStatus: 'not_stated',
      directiveLocation: '',
      interpreterNeeded: null,
      // Saved before step 16's language and severities: written in English, no severity said.
      writtenIn: 'en',
      allergySeverities: [],
    });
  });

  it('updates a record in place: same token and expiry, new details and contacts, nothing new in clear', async () => {
    const userId = crypto.randomUUID();
    const expiresAt = new Date(Math.round((Date.now() + 10 * DAY) / 1000) * 1000);
    const created = await records.forUser(userId, (scope) =>
      scope.insert({ token: 'InPlaceToken1234567890', emailIndex: 'a', form: form(), expiresAt }),
    );
    const change = form({
      organDonor: null,
      medications: 'Warfarin 5 mg nightly',
      devices: 'Medtronic pacemaker',
      languagesSpoken: 'Welsh, Portuguese',
      careDirectives: 'DNR: document in wallet',
      emergencyContacts: [{ name: 'Nadia Okafor', phone: '+44 7700 900456', relationship: 'Partner' }],
    });

    const updated = await records.forUser(userId, (scope) =>
      scope.update(created.id, { emailIndex: 'b', form: change }),
    );
    const read = (await records.findOwned(userId, created.id))!;
    for (const record of [updated, read]) {
      expect(record).toMatchObject({ id: created.id, token: created.token, expiresAt, isActive: true });
      expect(record.details).toMatchObject({
        organDonor: null,
        medications: 'Warfarin 5 mg nightly',
        devices: 'Medtronic pacemaker',
        languagesSpoken: 'Welsh, Portuguese',
        careDirectives: 'DNR: document in wallet',
      });
      expect(record.contacts).toEqual([
        {
          id: expect.any(String),
          name: 'Nadia Okafor',
          phone: '+44 7700 900456',
          relationship: 'Partner',
          isPrimary: true,
        },
      ]);
    }

    const { rows: contactRows } = await database.pool.query(
      'select * from records.emergency_contacts where record_id = $1',
      [created.id],
    );
    expect(contactRows).toHaveLength(1);
    const dump = JSON.stringify([await rawRow(created.id), contactRows]);
    for (const secret of ['Warfarin', 'Medtronic', 'pacemaker', 'Welsh', 'Portuguese', 'DNR', 'wallet', 'Nadia']) {
      expect({ secret, found: dump.includes(secret) }).toEqual({ secret, found: false });
    }
  });

  it('keeps no card token in clear: the row holds a keyed hash and a ciphertext, and the card is found by its token', async () => {
    const token = 'SealedToken_1234567890';
    const stored = await records.forUser(crypto.randomUUID(), (scope) =>
      scope.insert({ token, emailIndex: 'sealed', form: form(), expiresAt: null }),
    );
    const row = await rawRow(stored.id);
    expect(row).not.toHaveProperty('token');
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.token_index).toEqual(expect.any(String));
    expect(row.token_ciphertext).toMatch(/^v1\.spec\./);
    // The ciphertext belongs to this row: moved to another, it does not decrypt.
    expect(() => cipher.decrypt(row.token_ciphertext as string, crypto.randomUUID())).toThrow();

    expect((await records.findByToken(token))?.id).toBe(stored.id);
    expect(await records.findByToken(row.token_index as string)).toBeUndefined();
    expect((await records.findOwned(stored.userId!, stored.id))?.token).toBe(token);
  });
});
