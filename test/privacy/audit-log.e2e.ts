import pg from 'pg';

/** The audit log as the database itself keeps it: entries are added, never changed, and leave only after 6 years. */
describe('the audit log', () => {
  let db: pg.Client;
  beforeAll(async () => {
    db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
  });

  const add = async (occurredAt: string) =>
    (
      await db.query<{ id: string }>(
        "insert into privacy.audit_log (occurred_at, action, details) values ($1, 'test.entry', '{}') returning id",
        [occurredAt],
      )
    ).rows[0]!.id;
  const refusal = (query: Promise<unknown>) =>
    query.then(
      () => 'allowed',
      (error: Error) => error.message,
    );

  it('refuses to change or delete an entry, or to empty the table', async () => {
    const id = await add(new Date().toISOString());
    expect(await refusal(db.query("update privacy.audit_log set action = 'forged' where id = $1", [id]))).toBe(
      'the audit log is append-only',
    );
    expect(await refusal(db.query('delete from privacy.audit_log where id = $1', [id]))).toMatch(/append-only/);
    expect(await refusal(db.query('truncate privacy.audit_log'))).toBe('the audit log is append-only');
    // Even the pseudonymisation an erasure may do is refused outside the transaction that declares it.
    expect(await refusal(db.query('update privacy.audit_log set email = null where id = $1', [id]))).toBe(
      'the audit log is append-only',
    );
    const { rows } = await db.query('select action from privacy.audit_log where id = $1', [id]);
    expect(rows).toEqual([{ action: 'test.entry' }]);
  });

  it('lets entries older than 6 years go, as the retention job does', async () => {
    const old = await add('2019-01-01T00:00:00Z');
    const recent = await add(new Date(Date.now() - 5 * 365 * 24 * 3600 * 1000).toISOString());
    expect(await refusal(db.query('delete from privacy.audit_log where id = $1', [recent]))).toMatch(/6 years/);
    expect(await refusal(db.query('delete from privacy.audit_log where id = $1', [old]))).toBe('allowed');
  });
});
