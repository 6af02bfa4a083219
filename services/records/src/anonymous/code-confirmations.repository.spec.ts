import { medicalFormSchema, type MedicalForm } from '@medical-qr/contracts';
import type { DatabaseHandle } from '@medical-qr/platform';
import type { RecordsRepository } from '../records/records.repository.js';
import { openRecordsTestDatabase, type RecordsTestDatabase } from '../testing/records-test-database.js';
import { CodeConfirmationsRepository, CONFIRMATION_MAILS_PER_EMAIL_PER_DAY } from './code-confirmations.repository.js';

const DAY = 24 * 3600 * 1000;

const form: MedicalForm = medicalFormSchema.parse({
  firstName: 'Imogen',
  lastName: 'Vasquez',
  email: 'imogen@example.com',
  bloodGroup: 'AB-',
  emergencyContacts: [],
  hasGivenConsent: true,
});

describe('CodeConfirmationsRepository (real PostgreSQL)', () => {
  let testDatabase: RecordsTestDatabase;
  let database: DatabaseHandle;
  let records: RecordsRepository;
  let confirmations: CodeConfirmationsRepository;

  beforeAll(async () => {
    testDatabase = await openRecordsTestDatabase('code-confirmations-spec');
    ({ database, records } = testDatabase);
    confirmations = new CodeConfirmationsRepository(database);
  });
  afterAll(async () => {
    await testDatabase?.close();
  });

  /** An anonymous code made with `emailIndex`, and the token of its link (undefined when none was issued). */
  async function anonymousCode(emailIndex: string, expiresAt = new Date(Date.now() + 2 * DAY)) {
    let token: string | undefined;
    const record = await records.insertAnonymous(
      { token: crypto.randomUUID().replaceAll('-', '').slice(0, 22), userId: null, emailIndex, form, expiresAt },
      async (executor, recordId) => {
        token = await confirmations.issueWith(executor, { recordId, emailIndex, expiresAt });
      },
    );
    return { record, token };
  }

  const claim = (userId: string, emailIndex: string) =>
    records.forUser(userId, (scope) => scope.claimAnonymous(emailIndex));

  it('never claims a code whose maker did not prove the email; claims it once they did', async () => {
    const { record, token } = await anonymousCode('claim-index');
    expect(await claim(crypto.randomUUID(), 'claim-index')).toEqual([]);
    expect((await records.findByToken(record.token))?.userId).toBeNull();

    expect(await confirmations.confirm(token!)).toEqual({ outcome: 'confirmed', expiresAt: record.expiresAt });
    const owner = crypto.randomUUID();
    expect(await claim(owner, 'claim-index')).toEqual([record.id]);
    expect((await records.findByToken(record.token))?.userId).toBe(owner);
  });

  it('counts only a confirmed code as the email’s one free code', async () => {
    await anonymousCode('count-index');
    expect(await records.findConfirmedAnonymous('count-index')).toBeUndefined();
    const { record, token } = await anonymousCode('count-index');
    await confirmations.confirm(token!);
    expect((await records.findConfirmedAnonymous('count-index'))?.id).toBe(record.id);
  });

  it('keeps only the hash of a link, and uses a link once', async () => {
    const { record, token } = await anonymousCode('once-index');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows } = await database.pool.query(
      'select * from records.anonymous_code_confirmations where record_id = $1',
      [record.id],
    );
    expect(JSON.stringify(rows)).not.toContain(token);

    expect((await confirmations.confirm(token!)).outcome).toBe('confirmed');
    expect(await confirmations.confirm(token!)).toEqual({ outcome: 'used' });
  });

  it('refuses a link past its code’s end, and one never issued', async () => {
    const { token } = await anonymousCode('late-index', new Date(Date.now() - 1000));
    expect(await confirmations.confirm(token!)).toEqual({ outcome: 'expired' });
    expect(await records.findConfirmedAnonymous('late-index')).toBeUndefined();
    expect(await confirmations.confirm('A'.repeat(43))).toEqual({ outcome: 'invalid' });
  });

  it('confirms one code per email, even when two links are followed at once; the other link stays unused', async () => {
    const first = await anonymousCode('race-index');
    const second = await anonymousCode('race-index');
    const outcomes = await Promise.all([first.token!, second.token!].map((token) => confirmations.confirm(token)));
    expect(outcomes.map((result) => result.outcome).sort()).toEqual(['confirmed', 'conflict']);
    const { rows } = await database.pool.query(
      `select count(*)::int as confirmed from records.medical_records where email_index = 'race-index' and email_confirmed_at is not null`,
    );
    expect(rows[0].confirmed).toBe(1);
  });

  it(`issues at most ${CONFIRMATION_MAILS_PER_EMAIL_PER_DAY} links a day to one email, whoever asks; the codes are made all the same`, async () => {
    const made = [];
    for (let code = 0; code < CONFIRMATION_MAILS_PER_EMAIL_PER_DAY + 2; code += 1)
      made.push(await anonymousCode('busy-index'));
    expect(made.map(({ token }) => token !== undefined)).toEqual([true, true, true, false, false]);
    expect(made.every(({ record }) => record.isActive)).toBe(true);
    expect((await anonymousCode('quiet-index')).token).toBeDefined();

    // A link that could not be mailed is withdrawn, and frees its place.
    await confirmations.withdraw(made[0]!.record.id);
    expect((await anonymousCode('busy-index')).token).toBeDefined();
  });

  it('lets a day-old link leave the count', async () => {
    for (let code = 0; code < CONFIRMATION_MAILS_PER_EMAIL_PER_DAY; code += 1) await anonymousCode('old-index');
    await database.pool.query(
      `update records.anonymous_code_confirmations set created_at = now() - interval '25 hours' where email_index = 'old-index'`,
    );
    expect((await anonymousCode('old-index')).token).toBeDefined();
  });
});
