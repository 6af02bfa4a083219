import type pg from 'pg';
import { startIsolatedStack, type IsolatedStack } from '@medical-qr/launcher';
import { medicalForm } from '../records/records-fixtures.js';
import { queryDatabase } from '../support/database.js';
import { eventually } from '../support/eventually.js';

const LABEL = 'card-view-log-shutdown';
const API_VIEWS = 12;
const PAGE_VIEWS = 8;
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/**
 * Card views are written in batches off the responder's path (CardViewLog). Here a batch waits five minutes, so every
 * view is still held when the records service is told to stop: a clean shutdown must write them all, scan-log rows
 * and audit entries alike, before it closes the database and Redis.
 */
describe('card views held for a batch, on a clean shutdown of the records service', () => {
  let system: IsolatedStack;

  beforeAll(async () => {
    system = await startIsolatedStack(LABEL, { CARD_VIEW_FLUSH_MS: '300000' });
  }, 300_000);
  afterAll(async () => {
    await system?.stop();
  });

  const query = <T extends pg.QueryResultRow>(text: string, values: unknown[]) =>
    queryDatabase<T>({ databaseUrl: system.env.DATABASE_URL! }, text, values);

  const scansOf = (recordId: string) =>
    query<{ source: string; viewer: string }>(
      'select source, viewer from records.scan_events where record_id = $1 order by id',
      [recordId],
    );
  const auditedViewsOf = (recordId: string) =>
    query<{ source: string; user_agent: string }>(
      `select details->>'source' as source, user_agent from privacy.audit_log
        where action = 'records.card.viewed' and details->>'recordId' = $1`,
      [recordId],
    );

  /** A new anonymous code (made one at a time); answers its token and its row's id. */
  async function createCard(): Promise<{ token: string; recordId: string }> {
    const created = await fetch(`${system.url}/api/anonymous-medical-record`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(medicalForm()),
    });
    expect(created.ok).toBe(true);
    const { token } = (await created.json()) as { token: string };
    // Rows are found by a keyed hash of their token: the newest row is this one.
    const [{ id }] = (await query<{ id: string }>(
      'select id from records.medical_records order by created_at desc limit 1',
      [],
    )) as [{ id: string }];
    return { token, recordId: id };
  }

  it('writes every held view to the scan log and the audit log before it exits, even beside a code deleted since its view', async () => {
    const { token, recordId } = await createCard();
    const deleted = await createCard();

    const views = [
      ...Array.from({ length: API_VIEWS }, () => `/api/emergency-card/${token}`),
      ...Array.from({ length: PAGE_VIEWS }, () => `/emergency/${token}`),
    ];
    const statuses = await Promise.all(
      [...views, `/api/emergency-card/${deleted.token}`].map(
        async (path) => (await fetch(`${system.url}${path}`, { headers: { 'user-agent': PHONE } })).status,
      ),
    );
    expect(statuses).toEqual([...views, deleted.token].map(() => 200));
    // Held: the batch's wait has not passed.
    expect(await scansOf(recordId)).toEqual([]);
    // The second code goes (as its owner's erasure would take it) while its view still waits in the same batch.
    await query('delete from records.medical_records where id = $1', [deleted.recordId]);

    const records = system.stack.processes.get('records')!;
    const exited = new Promise<number | null>((resolve) => records.once('exit', resolve));
    records.kill('SIGTERM');
    expect(await exited).toBe(0);

    // Written before the process exited.
    expect(await scansOf(recordId)).toEqual(views.map(() => ({ source: 'card', viewer: 'Chrome on Android' })));
    // Queued before it exited; the privacy service, still up, writes them.
    const audited = await eventually(
      () => auditedViewsOf(recordId),
      (rows) => rows.length >= views.length,
    );
    expect(audited).toHaveLength(views.length);
    expect(audited.every((row) => row.source === 'card' && row.user_agent === PHONE)).toBe(true);
  });
});
