// Grows the records table of the bench's own throwaway database to a given size, fast: each batch is one
// `insert ... select` over generate_series that copies one real row's encrypted columns. The copies share that row's
// ciphertexts (bound to its id, so they would not open: no bench reads them) but each has its own id, token hash and
// email hash, so the table and its unique indexes are as large as that many real codes make them.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const BATCH = 100_000;

/** Adds copies of the record `templateId` until the table holds `total` rows; answers the seconds it took. */
export async function seedRecordsTo(databaseUrl: string, templateId: string, total: number): Promise<number> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // A run's own prefix keeps every copy's hashes apart from real ones and from an earlier batch's.
    const salt = randomBytes(8).toString('hex');
    const { rows } = await client.query<{ count: string }>('select count(*) from records.medical_records');
    for (let have = Number(rows[0]!.count); have < total; have += BATCH) {
      const size = Math.min(BATCH, total - have);
      await client.query(
        `insert into records.medical_records
           (id, token_index, token_ciphertext, user_id, email_index, details, label_ciphertext, has_given_consent,
            is_active, expires_at, created_at)
         select gen_random_uuid(), encode(sha256(convert_to($2 || i, 'UTF8')), 'base64'), t.token_ciphertext, null,
                'bench-' || $2 || i, t.details, t.label_ciphertext, t.has_given_consent, t.is_active, t.expires_at,
                t.created_at
           from records.medical_records t, generate_series($3::bigint, $3::bigint + $4 - 1) as i
          where t.id = $1`,
        [templateId, salt, have, size],
      );
    }
    // Fresh statistics, so the planner sees the table as it now is (as autovacuum would soon after).
    await client.query('analyze records.medical_records');
  } finally {
    await client.end();
  }
  return (performance.now() - started) / 1000;
}

/** The id of the record a card token opens, found by its hash under the system's own index key. */
export async function recordIdOf(databaseUrl: string, tokenIndex: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      'select id from records.medical_records where token_index = $1',
      [tokenIndex],
    );
    if (!rows[0]) throw new Error('the bench card is not in the records table');
    return rows[0].id;
  } finally {
    await client.end();
  }
}
