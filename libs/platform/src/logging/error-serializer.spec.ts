import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { createLogger, PinoNestLogger } from './logger.js';

const SERVER = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const SECRET = 'Penicillin-anaphylaxis-4f9c2a';
const schema = `mqr_test_logs_${randomBytes(4).toString('hex')}`;

/** A platform logger writing into memory, as a process would write to stdout. */
function capturedLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger('test', 'info', destination), lines };
}

const failure = (work: Promise<unknown>) =>
  work.then(
    () => {
      throw new Error('the query did not fail');
    },
    (error: unknown) => error as Error,
  );

describe('database errors in logs (real PostgreSQL)', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = openDatabase(`${SERVER}/postgres`, 'log-redaction-test', 2);
    await database.pool.query(`create schema ${schema}`);
    await database.pool.query(
      `create table ${schema}.people (email text unique, blood_group text not null check (blood_group <> 'x'))`,
    );
    await database.pool.query(`insert into ${schema}.people values ($1, $2)`, [SECRET, 'A+']);
  });
  afterAll(async () => {
    await database?.pool.query(`drop schema if exists ${schema} cascade`);
    await database?.close();
  });

  it('keeps a unique violation readable without the value or the query parameters (Drizzle)', async () => {
    const error = await failure(
      database.db.execute(sql`insert into ${sql.identifier(schema)}.people values (${SECRET}, ${'O-'})`),
    );
    expect(error.message).toContain(SECRET); // what Drizzle itself carries
    const { logger, lines } = capturedLogger();
    logger.error({ err: error }, 'could not save');
    const [line] = lines;
    expect(line).not.toContain(SECRET);
    expect(line).not.toContain('O-');
    const logged = JSON.parse(line!) as { err: Record<string, unknown> };
    expect(logged.err.type).toBe('DrizzleQueryError');
    expect(logged.err.message).toContain('duplicate key value violates unique constraint "people_email_key"');
    expect(logged.err.message).toContain(`insert into "${schema}".people values ($1, $2)`);
    expect(logged.err.message).toContain('params: [redacted]');
    expect(logged.err.database).toEqual(expect.objectContaining({ code: '23505', constraint: 'people_email_key' }));
  });

  it('hides the value pg echoes in its own message and in detail (pg, without Drizzle)', async () => {
    const cast = await failure(database.pool.query('select $1::uuid', [SECRET]));
    const duplicate = await failure(
      database.pool.query(`insert into ${schema}.people values ($1, $2)`, [SECRET, 'B+']),
    );
    const check = await failure(
      database.pool.query(`insert into ${schema}.people values ($1, $2)`, [`${SECRET}-2`, 'x']),
    );
    expect(`${cast.message} ${(duplicate as { detail?: string }).detail}`).toContain(SECRET);
    const { logger, lines } = capturedLogger();
    for (const err of [cast, duplicate, check]) logger.error({ err }, 'query failed');
    expect(lines.join('')).not.toContain(SECRET);
    const [castLine, duplicateLine, checkLine] = lines.map((l) => JSON.parse(l) as { err: Record<string, unknown> });
    expect(castLine!.err.message).toBe('invalid input syntax for type uuid: "[redacted]"');
    expect(duplicateLine!.err).toMatchObject({
      code: '23505',
      constraint: 'people_email_key',
      detail: 'Key (email)=([redacted]) already exists.',
    });
    expect(checkLine!.err).toMatchObject({ code: '23514', detail: 'Failing row contains ([redacted]).' });
  });

  it('redacts what Nest hands its logger, as an error or as a message and a stack', async () => {
    const error = await failure(database.db.execute(sql`select ${SECRET}::uuid`));
    const { logger, lines } = capturedLogger();
    const nest = new PinoNestLogger(logger);
    nest.error(error);
    nest.error(error.message, error.stack, 'ExceptionsHandler');
    expect(lines).toHaveLength(2);
    expect(lines.join('')).not.toContain(SECRET);
    expect(lines.join('')).toContain('invalid input syntax for type uuid');
  });
});
