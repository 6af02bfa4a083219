import pg from 'pg';

/** One query against a system's database, for what a user cannot see directly (ids, processed events, raw rows). */
export async function queryDatabase<T extends pg.QueryResultRow>(
  system: { databaseUrl: string },
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const db = new pg.Client({ connectionString: system.databaseUrl });
  await db.connect();
  try {
    return (await db.query<T>(text, values)).rows;
  } finally {
    await db.end();
  }
}

/** The shared end-to-end system's database. */
export const sharedDatabase = () => ({ databaseUrl: process.env.E2E_DATABASE_URL! });
