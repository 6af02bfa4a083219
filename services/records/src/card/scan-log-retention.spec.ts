import { testMedicalForm } from '../testing/medical-form.js';
import { openRecordsTestDatabase, type RecordsTestDatabase } from '../testing/records-test-database.js';
import { ScanLogRepository } from './scan-log.repository.js';

describe('the scan log keeps views for its retention only (real PostgreSQL)', () => {
  let db: RecordsTestDatabase;

  beforeAll(async () => {
    db = await openRecordsTestDatabase('scan-log-retention');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('forgets views older than the retention, keeps the rest, and uses the index on their time', async () => {
    const scanLog = new ScanLogRepository(db.database);
    const record = await db.records.forUser(crypto.randomUUID(), (scope) =>
      scope.insert({
        token: 'RetainedToken123456789',
        emailIndex: 'retention',
        form: testMedicalForm(),
        expiresAt: null,
      }),
    );
    await scanLog.logScans(
      [800, 731, 729, 1].map((daysAgo) => ({
        recordId: record.id,
        viewer: 'Chrome on Android',
        source: 'card' as const,
        viewedAt: new Date(Date.now() - daysAgo * 24 * 3600_000),
      })),
    );

    expect(await scanLog.forgetOlderThan(730)).toBe(2);
    const kept = await scanLog.scansOf([record.id]);
    expect(kept.map((view) => Math.round((Date.now() - view.viewedAt.getTime()) / (24 * 3600_000)))).toEqual([729, 1]);
    expect(await scanLog.forgetOlderThan(730)).toBe(0);

    const { rows } = await db.database.pool.query(
      "select indexdef from pg_indexes where schemaname = 'records' and indexname = 'scan_events_by_time'",
    );
    expect(rows).toEqual([{ indexdef: expect.stringContaining('(viewed_at)') }]);
  });
});
