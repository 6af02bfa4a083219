import { randomBytes } from 'node:crypto';
import { medicalFormSchema, type MedicalForm } from '@medical-qr/contracts';
import type { RecordsRepository, StoredRecord } from './records.repository.js';
import { openRecordsTestDatabase, type RecordsTestDatabase } from '../testing/records-test-database.js';
const DAY = 24 * 3600 * 1000;

const form: MedicalForm = medicalFormSchema.parse({
  firstName: 'Imogen',
  lastName: 'Vasquez',
  email: 'imogen@example.com',
  bloodGroup: 'AB-',
  emergencyContacts: [],
  hasGivenConsent: true,
});

const inDays = (days: number) => new Date(Math.round((Date.now() + days * DAY) / 1000) * 1000);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('codes following premium: RecordsRepository lifetimes (real PostgreSQL)', () => {
  let testDatabase: RecordsTestDatabase;
  let database: RecordsTestDatabase['database'];
  let records: RecordsRepository;

  beforeAll(async () => {
    testDatabase = await openRecordsTestDatabase('premium-lifetimes-spec');
    ({ database, records } = testDatabase);
  });
  afterAll(async () => {
    await testDatabase?.close();
  });

  /** Inserts one of the user's codes beside the others (no replacing), expiring at `expiresAt`. */
  const insert = (userId: string, expiresAt: Date | null) =>
    records.forUser(userId, (scope) =>
      scope.insert({ token: randomBytes(16).toString('base64url'), emailIndex: 'x', form, expiresAt }),
    );
  const read = async (record: StoredRecord) => (await records.findOwned(record.userId!, record.id))!;
  const inTransaction = <T>(
    userId: string,
    work: (scope: Awaited<ReturnType<RecordsRepository['lockedScope']>>) => Promise<T>,
  ) => database.db.transaction(async (tx) => work(await records.lockedScope(tx, userId)));

  it('premium began: lifts every code of the user that still opens its card, and their old expiry then does nothing', async () => {
    const userId = crypto.randomUUID();
    const replaced = await insert(userId, inDays(10));
    await records.forUser(userId, (scope) => scope.replaceActive());
    const expired = await insert(userId, new Date(Date.now() - 1000));
    const active = await insert(userId, inDays(10));
    const second = await insert(userId, inDays(3));
    const someoneElses = await insert(crypto.randomUUID(), inDays(10));

    const lifted = await inTransaction(userId, (scope) => scope.liftExpiry());

    expect(lifted.sort()).toEqual([active.id, second.id].sort());
    expect(await read(active)).toMatchObject({ expiresAt: null, isActive: true, isExpired: false });
    expect(await read(second)).toMatchObject({ expiresAt: null, isActive: true });
    // Not revived, not touched: a replaced code, a code whose time had come, another user's code.
    expect(await read(replaced)).toMatchObject({ expiresAt: replaced.expiresAt, isReplaced: true, isActive: false });
    expect(await read(expired)).toMatchObject({ expiresAt: expired.expiresAt, isExpired: true, isActive: false });
    expect(await read(someoneElses)).toMatchObject({ expiresAt: someoneElses.expiresAt });

    // The lifted code's pending job, and any sweep, leave it on; the code whose time had come goes off.
    expect(await records.expireIfDue(active.id)).toBe(false);
    await records.expireAllDue();
    expect(
      (await database.pool.query('select is_active from records.medical_records where id = $1', [active.id])).rows,
    ).toEqual([{ is_active: true }]);
    expect(await records.expireIfDue(expired.id)).toBe(false); // the sweep already switched it off
    expect(
      (await database.pool.query('select is_active from records.medical_records where id = $1', [expired.id])).rows,
    ).toEqual([{ is_active: false }]);

    // A second lift finds nothing more to do.
    expect(await inTransaction(userId, (scope) => scope.liftExpiry())).toEqual([]);
  });

  it('premium ended: gives never-expiring codes a free lifetime from now, and they expire when it is over', async () => {
    const userId = crypto.randomUUID();
    const replaced = await insert(userId, null);
    await records.forUser(userId, (scope) => scope.replaceActive());
    const first = await insert(userId, null);
    const second = await insert(userId, null);
    const alreadyLimited = await insert(userId, inDays(1));
    const someoneElses = await insert(crypto.randomUUID(), null);

    const ends = new Date(Date.now() + 800);
    const limited = await inTransaction(userId, (scope) => scope.giveLifetime(ends));

    expect(limited.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [first.id, second.id].sort().map((id) => ({ id, expiresAt: ends })),
    );
    expect(await read(first)).toMatchObject({ expiresAt: ends, isActive: true });
    expect(await read(alreadyLimited)).toMatchObject({ expiresAt: alreadyLimited.expiresAt });
    expect(await read(replaced)).toMatchObject({ expiresAt: null, isReplaced: true });
    expect(await read(someoneElses)).toMatchObject({ expiresAt: null, isActive: true });
    // Given once: a second ending (a late or repeated event) does not move the time.
    expect(await inTransaction(userId, (scope) => scope.giveLifetime(inDays(10)))).toEqual([]);
    expect((await read(second)).expiresAt).toEqual(ends);

    expect(await records.expireIfDue(first.id)).toBe(false);
    await pause(ends.getTime() - Date.now() + 100);
    expect(await read(first)).toMatchObject({ isActive: false, isExpired: true });
    expect(await records.expireIfDue(first.id)).toBe(true);
  });
});
