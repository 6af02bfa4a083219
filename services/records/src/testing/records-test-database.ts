import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  dropDatabase,
  ensureDatabase,
  FieldCipher,
  openDatabase,
  PROCESSED_EVENTS_TABLE,
  runMigrations,
  type DatabaseHandle,
} from '@medical-qr/platform';
import { PrintedReferences } from '../records/printed-references.js';
import { RecordsRepository } from '../records/records.repository.js';
import { TokenIndex } from '../records/token-index.js';

const SERVER = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const MIGRATIONS = fileURLToPath(new URL('../../migrations/', import.meta.url));

export interface RecordsTestDatabase {
  database: DatabaseHandle;
  /** The cipher the repository encrypts with (key id `spec`), for specs that write rows as older versions did. */
  cipher: FieldCipher;
  records: RecordsRepository;
  /** The keyed hash the repository finds card tokens by, for repositories of other tables that share it (printed tags). */
  tokenIndex: TokenIndex;
  /** Where the repository's printed references come from, and their keyed hash (shared with printed tags likewise). */
  references: PrintedReferences;
  /** Closes the pool and drops the database. */
  close(): Promise<void>;
}

/**
 * For specs: the records schema, migrated, in a database of its own, and a repository on it with throwaway keys.
 * `drawReference` scripts the references it makes (a clash), the CSPRNG's otherwise.
 */
export async function openRecordsTestDatabase(
  label: string,
  drawReference?: () => string,
): Promise<RecordsTestDatabase> {
  const url = `${SERVER}/mqr_test_records_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(url);
  await runMigrations(url, 'records', MIGRATIONS, { platformTables: [PROCESSED_EVENTS_TABLE] });
  const database = openDatabase(url, label, 2);
  const cipher = new FieldCipher({ spec: randomBytes(32) }, 'spec');
  const tokenIndex = new TokenIndex(randomBytes(32).toString('base64url'));
  const references = new PrintedReferences(randomBytes(32).toString('base64url'), drawReference);
  const records = new RecordsRepository(database, cipher, tokenIndex, references);
  return {
    database,
    cipher,
    records,
    tokenIndex,
    references,
    close: async () => {
      await database.close();
      await dropDatabase(url);
    },
  };
}
