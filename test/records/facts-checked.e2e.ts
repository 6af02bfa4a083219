import pg from 'pg';
import { RecordsMessages } from '@medical-qr/contracts';
import { signedInClient } from '../support/accounts.js';
import { HttpClient } from '../support/http-client.js';
import { medicalForm } from './records-fixtures.js';

/** "Last checked by the owner": the date a save or a confirmation gives the facts, as the owner and the card see it. */
describe('when the owner last checked the facts', () => {
  let db: pg.Client;

  beforeAll(async () => {
    db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
  });

  /** Dates the record's check `at` (null: a record made before checks were kept), as time passing would. */
  const checkedAt = (recordId: string, at: string | null) =>
    db.query('update records.medical_records set facts_checked_at = $2 where id = $1', [recordId, at]);
  const secondsAgo = (iso: string) => (Date.now() - Date.parse(iso)) / 1000;

  async function ownerWithRecord(label: string) {
    const { client } = await signedInClient(label);
    const created = await client.post('/api/medical-records', medicalForm());
    expect(created.status).toBe(200);
    return { client, record: created.body as { id: string; token: string; createdAt: string; factsCheckedAt: string } };
  }

  it('dates a new record as checked when it was made', async () => {
    const { record } = await ownerWithRecord('checked-new');
    expect(record.factsCheckedAt).toBe(record.createdAt);
  });

  it('confirming dates the facts now and leaves the facts and the version: a form opened before still saves', async () => {
    const { client, record } = await ownerWithRecord('checked-confirm');
    await checkedAt(record.id, '2026-01-15T09:30:00Z');
    const before = await client.get(`/api/medical-records/${record.id}`);
    expect(before.body.factsCheckedAt).toBe('2026-01-15T09:30:00.000Z');

    const confirmed = await client.post(`/api/medical-records/${record.id}/confirm-facts`);
    expect(confirmed.status).toBe(200);
    expect(secondsAgo(confirmed.body.factsCheckedAt)).toBeLessThan(30);
    expect(confirmed.headers.get('etag')).toBe(before.headers.get('etag'));
    const { factsCheckedAt: _was, ...unchanged } = before.body as Record<string, unknown>;
    expect(confirmed.body).toMatchObject({ ...unchanged, version: 1 });

    const after = await client.get(`/api/medical-records/${record.id}`);
    expect(after.body.factsCheckedAt).toBe(confirmed.body.factsCheckedAt);
    const card = await new HttpClient().get(`/api/emergency-card/${record.token}`);
    expect(card.body.factsCheckedAt).toBe(confirmed.body.factsCheckedAt);

    // The form the owner opened before the confirmation names version 1: its save is no edit conflict.
    const saved = await client.request('PUT', `/api/medical-records/${record.id}`, medicalForm({ allergies: 'None' }), {
      'if-match': before.headers.get('etag')!,
    });
    expect(saved.status).toBe(200);
  });

  it("answers 404 for someone else's record, as for one that does not exist, and leaves its date", async () => {
    const { record } = await ownerWithRecord('checked-owner');
    await checkedAt(record.id, '2026-01-15T09:30:00Z');
    const { client: stranger } = await signedInClient('checked-stranger');

    const refusals = await Promise.all(
      [record.id, crypto.randomUUID(), 'not-a-record-id'].map((id) =>
        stranger.post(`/api/medical-records/${id}/confirm-facts`),
      ),
    );
    expect(refusals.map(({ status, body }) => ({ status, message: body.message }))).toEqual(
      Array(3).fill({ status: 404, message: RecordsMessages.recordNotFound }),
    );
    expect((await new HttpClient().post(`/api/medical-records/${record.id}/confirm-facts`)).status).toBe(401);
    const { rows } = await db.query<{ facts_checked_at: Date }>(
      'select facts_checked_at from records.medical_records where id = $1',
      [record.id],
    );
    expect(rows[0]!.facts_checked_at.toISOString()).toBe('2026-01-15T09:30:00.000Z');
  });

  it('a save is a check: it dates the facts now', async () => {
    const { client, record } = await ownerWithRecord('checked-save');
    await checkedAt(record.id, '2026-01-15T09:30:00Z');
    const saved = await client.request('PUT', `/api/medical-records/${record.id}`, medicalForm({ allergies: 'None' }));
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(2);
    expect(secondsAgo(saved.body.factsCheckedAt)).toBeLessThan(30);
  });

  it('reads a record made before checks were kept as checked when it was made', async () => {
    const { client, record } = await ownerWithRecord('checked-older');
    await db.query(
      "update records.medical_records set facts_checked_at = null, created_at = '2025-11-02T08:00:00Z' where id = $1",
      [record.id],
    );
    const read = await client.get(`/api/medical-records/${record.id}`);
    expect(read.body).toMatchObject({
      createdAt: '2025-11-02T08:00:00.000Z',
      factsCheckedAt: '2025-11-02T08:00:00.000Z',
    });
    const card = await new HttpClient().get(`/api/emergency-card/${record.token}`);
    expect(card.body.factsCheckedAt).toBe('2025-11-02T08:00:00.000Z');
  });

  it('prints the date on the card page, on screen and on paper', async () => {
    const { record } = await ownerWithRecord('checked-card');
    await checkedAt(record.id, '2026-05-04T23:30:00Z');
    const page = await new HttpClient().get(`/emergency/${record.token}`);
    expect(page.status).toBe(200);
    // In the footer, which print keeps (only "create your own" is left off paper).
    expect(page.body).toMatch(
      /<footer class="card-footer">\s*<p class="facts-checked">Facts last checked by the owner on May 4, 2026<\/p>/,
    );
  });
});
