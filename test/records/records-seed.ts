import { medicalFormSchema, type MedicalFormInput } from '@medical-qr/contracts';
import { EmailIndex, FieldCipher, openDatabase } from '@medical-qr/platform';
import { newEmergencyToken } from '../../services/records/src/records/emergency-token.js';
import { PrintedReferences } from '../../services/records/src/records/printed-references.js';
import { RecordsRepository } from '../../services/records/src/records/records.repository.js';
import { TokenIndex } from '../../services/records/src/records/token-index.js';
import { medicalForm } from './records-fixtures.js';

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`the system under test did not share ${name}`);
  return value;
}

/**
 * Writes `count` records for one user straight into the shared system's database, through the records service's own
 * repository and keys (encrypted as the service writes them), as an account that made them over months would hold
 * them: a second apart, newest first the last written. With `replaced`, all but the newest are replaced codes of a
 * free account. Answers the ids, oldest first.
 */
export async function seedRecords(
  userId: string,
  count: number,
  { replaced = true, form = medicalForm() }: { replaced?: boolean; form?: MedicalFormInput } = {},
): Promise<string[]> {
  const database = openDatabase(env('E2E_DATABASE_URL'), 'records-seed', 2);
  try {
    const repository = new RecordsRepository(
      database,
      FieldCipher.fromConfig(env('E2E_ENCRYPTION_KEYS'), env('E2E_ENCRYPTION_KEY_ID')),
      new TokenIndex(env('E2E_EMAIL_INDEX_KEY')),
      new PrintedReferences(env('E2E_EMAIL_INDEX_KEY')),
    );
    const parsed = medicalFormSchema.parse(form);
    const emailIndex = new EmailIndex(env('E2E_EMAIL_INDEX_KEY')).of(parsed.email);
    const ids = await repository.forUser(userId, async (scope) => {
      const written: string[] = [];
      for (let i = 0; i < count; i++) {
        const expiresAt = replaced ? new Date(Date.now() + 10 * 24 * 3600_000) : null;
        written.push((await scope.insert({ token: newEmergencyToken(), emailIndex, form: parsed, expiresAt })).id);
      }
      return written;
    });
    // One transaction gives every row the same created_at: spread them a second apart, the last written newest.
    await database.pool.query(
      `update records.medical_records set created_at = now() - make_interval(secs => $2 - array_position($1::uuid[], id))
        where id = any($1::uuid[])`,
      [ids, count],
    );
    if (replaced) {
      await database.pool.query(
        `update records.medical_records set is_active = false, replaced_at = now() where id = any($1::uuid[])`,
        [ids.slice(0, -1)],
      );
    }
    return ids;
  } finally {
    await database.close();
  }
}
