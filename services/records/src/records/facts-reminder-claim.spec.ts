import type { DatabaseHandle } from '@medical-qr/platform';
import type { FactsReminderDue, RecordsRepository } from './records.repository.js';
import { testMedicalForm } from '../testing/medical-form.js';
import { openRecordsTestDatabase, type RecordsTestDatabase } from '../testing/records-test-database.js';

/** The reminder's age in these specs. */
const DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

describe('claiming a facts reminder (real PostgreSQL)', () => {
  let testDatabase: RecordsTestDatabase;
  let database: DatabaseHandle;
  let records: RecordsRepository;

  beforeAll(async () => {
    testDatabase = await openRecordsTestDatabase('facts-reminder-claim-spec');
    ({ database, records } = testDatabase);
  });
  afterAll(async () => {
    await testDatabase?.close();
  });

  let tokens = 0;
  /** A new owner's code, its facts checked `daysAgo` days ago (null: a code made before checks were kept). */
  async function codeCheckedDaysAgo(daysAgo: number | null, { createdDaysAgo = 0, label = '' } = {}) {
    const userId = crypto.randomUUID();
    const token = `ClaimSpecToken${String((tokens += 1)).padStart(8, '0')}`;
    const code = await records.forUser(userId, (scope) =>
      scope.insert({ token, emailIndex: token, form: testMedicalForm(), expiresAt: null, label }),
    );
    await database.pool.query(
      `update records.medical_records
          set facts_checked_at = case when $2::int is null then null else now() - make_interval(days => $2::int) end,
              created_at = now() - make_interval(days => $3::int)
        where id = $1`,
      [code.id, daysAgo, createdDaysAgo],
    );
    return { userId, id: code.id };
  }

  const isDue = async (id: string) => (await records.findFactsReminderDue(DAYS, 1000)).includes(id);
  const remindedAt = async (id: string) =>
    (
      await database.pool.query<{ facts_reminded_at: Date | null }>(
        'select facts_reminded_at from records.medical_records where id = $1',
        [id],
      )
    ).rows[0]!.facts_reminded_at;

  it('finds owned, active codes unchecked past the age (a code made before checks: from its creation)', async () => {
    const due = await codeCheckedDaysAgo(DAYS + 1);
    const recent = await codeCheckedDaysAgo(DAYS - 1);
    const oldWithoutCheck = await codeCheckedDaysAgo(null, { createdDaysAgo: DAYS + 5 });
    const newWithoutCheck = await codeCheckedDaysAgo(null, { createdDaysAgo: 2 });
    const replaced = await codeCheckedDaysAgo(DAYS + 1);
    await records.forUser(replaced.userId, (scope) => scope.replaceActive());
    const expired = await codeCheckedDaysAgo(DAYS + 1);
    await database.pool.query(
      "update records.medical_records set expires_at = now() - interval '1 hour' where id = $1",
      [expired.id],
    );
    const anonymous = await codeCheckedDaysAgo(DAYS + 1);
    await database.pool.query('update records.medical_records set user_id = null where id = $1', [anonymous.id]);

    const found = await records.findFactsReminderDue(DAYS, 1000);
    expect({
      due: found.includes(due.id),
      recent: found.includes(recent.id),
      oldWithoutCheck: found.includes(oldWithoutCheck.id),
      newWithoutCheck: found.includes(newWithoutCheck.id),
      replaced: found.includes(replaced.id),
      expired: found.includes(expired.id),
      anonymous: found.includes(anonymous.id),
    }).toEqual({
      due: true,
      recent: false,
      oldWithoutCheck: true,
      newWithoutCheck: false,
      replaced: false,
      expired: false,
      anonymous: false,
    });
    expect((await records.findOwned(oldWithoutCheck.userId, oldWithoutCheck.id))?.factsCheckedAt).toEqual(
      (await records.findOwned(oldWithoutCheck.userId, oldWithoutCheck.id))?.createdAt,
    );
  });

  it('claims a code once when two sweeps reach it at the same moment, and hands its mail the code', async () => {
    const code = await codeCheckedDaysAgo(DAYS + 3, { label: 'Bag tag' });
    const mailed: FactsReminderDue[] = [];
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstStarted!: () => void;
    const firstSending = new Promise<void>((resolve) => (firstStarted = resolve));

    const first = records.claimFactsReminder(code.id, DAYS, async (due) => {
      firstStarted();
      await firstHolds; // its mail is under way while the second sweep arrives
      mailed.push(due);
    });
    await firstSending;
    const second = records.claimFactsReminder(code.id, DAYS, async (due) => {
      mailed.push(due);
    });
    // The second waits for the first's row; let the first finish.
    await new Promise((resolve) => setTimeout(resolve, 200));
    releaseFirst();

    expect(await Promise.all([first, second])).toEqual([true, false]);
    expect(mailed).toEqual([
      { recordId: code.id, userId: code.userId, label: 'Bag tag', factsCheckedAt: expect.any(Date) },
    ]);
    expect(Date.now() - mailed[0]!.factsCheckedAt.getTime()).toBeGreaterThan((DAYS + 3) * DAY_MS - 60_000);
    expect(await isDue(code.id)).toBe(false);
  });

  it('keeps a code due when its mail could not be sent', async () => {
    const code = await codeCheckedDaysAgo(DAYS + 1);
    await expect(
      records.claimFactsReminder(code.id, DAYS, async () => {
        throw new Error('identity did not answer');
      }),
    ).rejects.toThrow('identity did not answer');
    expect(await remindedAt(code.id)).toBeNull();
    expect(await isDue(code.id)).toBe(true);
  });

  it('starts a new lapse with the next check: a confirmation clears the reminder and dates the facts now', async () => {
    const code = await codeCheckedDaysAgo(DAYS + 1);
    expect(await records.claimFactsReminder(code.id, DAYS, async () => undefined)).toBe(true);
    expect(await remindedAt(code.id)).not.toBeNull();

    const confirmed = await records.forUser(code.userId, (scope) => scope.confirmFacts(code.id));
    expect(Date.now() - confirmed.factsCheckedAt.getTime()).toBeLessThan(60_000);
    expect(confirmed.version).toBe(1);
    expect(await remindedAt(code.id)).toBeNull();
    expect(await isDue(code.id)).toBe(false);

    // The new check lapses in its turn: one reminder more.
    await database.pool.query(
      'update records.medical_records set facts_checked_at = now() - make_interval(days => $2::int) where id = $1',
      [code.id, DAYS + 1],
    );
    expect(await records.claimFactsReminder(code.id, DAYS, async () => undefined)).toBe(true);
  });
});
