import { medicalFormSchema } from '@medical-qr/contracts';
import type { DatabaseHandle } from '@medical-qr/platform';
import type { RecordsRepository } from './records.repository.js';
import { openRecordsTestDatabase, type RecordsTestDatabase } from '../testing/records-test-database.js';

const form = medicalFormSchema.parse({
  firstName: 'Imogen',
  lastName: 'Vasquez',
  email: 'imogen@example.com',
  bloodGroup: 'AB-',
  hasGivenConsent: true,
});

describe('bounded reads and stored records (real PostgreSQL)', () => {
  let testDatabase: RecordsTestDatabase;
  let database: DatabaseHandle;
  let records: RecordsRepository;

  beforeAll(async () => {
    testDatabase = await openRecordsTestDatabase('records-bounds-spec');
    ({ database, records } = testDatabase);
  });
  afterAll(async () => {
    await testDatabase?.close();
  });

  /** `count` codes of a free user made one after another, each replacing the one before; answers ids, oldest first. */
  async function freeCodes(userId: string, count: number, label: string): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const made = await records.forUser(userId, async (scope) => {
        await scope.replaceActive();
        return scope.insert({
          token: `${label}${String(i).padStart(22 - label.length, '0')}`,
          emailIndex: 'e',
          form,
          expiresAt: null,
        });
      });
      // Rows of one test run share a clock tick at worst: spread them so "newest" is well defined.
      await database.pool.query(
        `update records.medical_records set created_at = now() - make_interval(secs => $2) where id = $1`,
        [made.id, count - i],
      );
      ids.push(made.id);
    }
    return ids;
  }

  it('reads one page of summaries, newest first, with the total, and only that page', async () => {
    const userId = crypto.randomUUID();
    const ids = await freeCodes(userId, 7, 'Page');
    const newestFirst = [...ids].reverse();
    const second = await records.pageByUser(userId, 2, 3);
    expect(second.total).toBe(7);
    expect(second.records.map((record) => record.id)).toEqual(newestFirst.slice(3, 6));
    expect(second.records[0]).toEqual({
      id: newestFirst[3],
      token: 'Page000000000000000003',
      label: '',
      isActive: false,
      expiresAt: null,
      createdAt: expect.any(Date),
    });
    expect((await records.pageByUser(userId, 1, 1)).records[0]).toMatchObject({ id: newestFirst[0], isActive: true });
    expect(await records.pageByUser(userId, 4, 3)).toEqual({ records: [], total: 7 });
    expect(await records.pageByUser(crypto.randomUUID(), 1, 10)).toEqual({ records: [], total: 0 });
  });

  it('prunes replaced codes to the newest few, never the active code, never another user', async () => {
    const userId = crypto.randomUUID();
    const neighbour = crypto.randomUUID();
    const ids = await freeCodes(userId, 6, 'Prune');
    const theirs = await freeCodes(neighbour, 4, 'Neighbour');

    expect(await records.forUser(userId, (scope) => scope.pruneReplaced(2))).toBe(3);
    const left = await records.pageByUser(userId, 1, 10);
    expect(left.records.map((record) => record.id)).toEqual([ids[5], ids[4], ids[3]]);
    expect(left.records[0]!.isActive).toBe(true);
    expect((await records.pageByUser(neighbour, 1, 10)).total).toBe(theirs.length);
    expect(await records.forUser(userId, (scope) => scope.pruneReplaced(2))).toBe(0);
  });

  it('counts the codes that open their card now, and finds the newest whose time ran out', async () => {
    const userId = crypto.randomUUID();
    const past = new Date(Date.now() - 1000);
    await records.forUser(userId, async (scope) => {
      await scope.insert({ token: 'ActiveNoExpiry00000000', emailIndex: 'e', form, expiresAt: null });
      await scope.insert({
        token: 'ActiveLater00000000000',
        emailIndex: 'e',
        form,
        expiresAt: new Date(Date.now() + 60_000),
      });
      await scope.insert({ token: 'ExpiredAlready00000000', emailIndex: 'e', form, expiresAt: past });
    });
    expect(await records.forUser(userId, (scope) => scope.countActive())).toBe(2);
    expect((await records.findNewestExpired(userId))?.token).toBe('ExpiredAlready00000000');
    expect(await records.findNewestExpired(crypto.randomUUID())).toBeUndefined();
  });
});
