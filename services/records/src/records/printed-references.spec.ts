import type { Logger } from 'pino';
import { formatReference, normalizeReference, REFERENCE_ALPHABET } from '@medical-qr/contracts';
import { ConsentRepository } from '../consent/consent.repository.js';
import { TagsRepository } from '../tags/tags.repository.js';
import { testMedicalForm } from '../testing/medical-form.js';
import { openRecordsTestDatabase, type RecordsTestDatabase } from '../testing/records-test-database.js';
import { newEmergencyToken } from './emergency-token.js';
import { randomReference } from './printed-references.js';
import { toMedicalRecord } from './record-views.js';
import { ReferenceBackfill } from './reference-backfill.js';
import type { RecordsRepository, StoredRecord } from './records.repository.js';

const APP_URL = 'https://medicalqr.example.org';
const quietLogger = { info: () => undefined, warn: () => undefined } as unknown as Logger;

describe('printed references (real PostgreSQL)', () => {
  let testDatabase: RecordsTestDatabase;
  let records: RecordsRepository;
  let tags: TagsRepository;
  /** References the next codes and tags draw, in order, before the CSPRNG's: how a spec makes two rows clash. */
  const scripted: string[] = [];

  beforeAll(async () => {
    testDatabase = await openRecordsTestDatabase(
      'printed-references-spec',
      () => scripted.shift() ?? randomReference(),
    );
    records = testDatabase.records;
    tags = new TagsRepository(
      testDatabase.database,
      testDatabase.cipher,
      testDatabase.tokenIndex,
      testDatabase.references,
    );
  });
  afterAll(async () => {
    await testDatabase?.close();
  });

  const query = (text: string, values: unknown[] = []) => testDatabase.database.pool.query(text, values);
  const newCode = (userId: string = crypto.randomUUID(), expiresAt: Date | null = null) =>
    records.forUser(userId, async (scope) => {
      await scope.replaceActive();
      return scope.insert({ token: newEmergencyToken(), emailIndex: 'e', form: testMedicalForm(), expiresAt });
    });
  const newTag = async (userId: string) => (await tags.issue(userId, crypto.randomUUID(), newEmergencyToken()))!;
  const byReference = (reference: string) => records.openByReference(testDatabase.references.indexOf(reference));

  it('gives every new code a reference of its own, kept as a keyed hash and a ciphertext bound to the row', async () => {
    const code = await newCode();
    expect(code.reference).toMatch(new RegExp(`^[${REFERENCE_ALPHABET}]{8}$`));
    const { rows } = await query('select * from records.medical_records where id = $1', [code.id]);
    const row = rows[0] as Record<string, string>;
    expect(JSON.stringify(row)).not.toContain(code.reference);
    expect(row.reference_index).toBe(testDatabase.references.indexOf(code.reference!));
    // Its own purpose label: the same text hashes apart from a token, so neither finds the other's rows.
    expect(testDatabase.references.indexOf(code.reference!)).not.toBe(testDatabase.tokenIndex.of(code.reference!));
    expect(row.reference_ciphertext).toMatch(/^v1\.spec\./);
    expect(() => testDatabase.cipher.decrypt(row.reference_ciphertext!, `${crypto.randomUUID()}/reference`)).toThrow();

    // The owner sees it printed as two groups; it reads back the same however they type it.
    const view = await toMedicalRecord(code, APP_URL);
    expect(view.reference).toBe(formatReference(code.reference!));
    expect(normalizeReference(view.reference!.toLowerCase())).toBe(code.reference);
    expect((await records.findOwned(code.userId!, code.id))?.reference).toBe(code.reference);
  });

  it('draws another reference when the one drawn is taken, for a code and for a tag alike', async () => {
    const first = await newCode();
    const fresh = randomReference();
    // The next code draws the first one's reference, then a fresh one; a tag then draws both taken ones first.
    scripted.push(first.reference!, fresh);
    const second = await newCode();
    expect(second.reference).toBe(fresh);
    // A tag never takes a code's reference, nor a code a tag's, nor a tag another tag's.
    const tagReference = randomReference();
    scripted.push(first.reference!, fresh, tagReference);
    const tag = await newTag(crypto.randomUUID());
    expect(tag.reference).toBe(tagReference);
    const third = randomReference();
    scripted.push(tagReference, third);
    expect((await newCode()).reference).toBe(third);
    const fourth = randomReference();
    scripted.push(tagReference, fourth);
    expect((await newTag(crypto.randomUUID())).reference).toBe(fourth);
    const { rows } = await query(
      `select reference_index, count(*)::int as holders from (select reference_index from records.medical_records
        union all select reference_index from records.printed_tags) r where reference_index = any($1)
        group by reference_index`,
      [[first.reference!, tagReference].map((reference) => testDatabase.references.indexOf(reference))],
    );
    expect(rows.map((row: { holders: number }) => row.holders)).toEqual([1, 1]);
    // Drawing only taken ones gives up, rather than loop for ever or write two rows with one reference.
    scripted.push(...Array.from({ length: 5 }, () => first.reference!));
    await expect(newCode()).rejects.toThrow('no free printed reference in 5 draws');
  });

  it('opens exactly what the token beside it opens: a code, a tag, the consent and state of either', async () => {
    const userId = crypto.randomUUID();
    const oldest = await newCode(userId);
    const tag = await newTag(userId);
    const same = async (reference: string, token: string) => {
      const opened = await byReference(reference);
      expect(opened).toEqual(await records.openByToken(token));
      return opened;
    };

    // A code's own reference opens that code, and says which reference it was.
    expect(await same(oldest.reference!, oldest.token)).toMatchObject({
      consentWithdrawn: false,
      record: { id: oldest.id, isActive: true },
      reference: oldest.reference,
    });
    // A tag's opens its owner's first active code, and carries the tag's own reference.
    expect(await same(tag.reference!, tag.token)).toMatchObject({
      record: { id: oldest.id },
      reference: tag.reference,
    });

    // A new code replaces the old one: the old reference opens the replaced code, as its token does; the tag follows.
    const newer = await newCode(userId);
    expect(newer.reference).not.toBe(oldest.reference);
    expect((await same(oldest.reference!, oldest.token))?.record).toMatchObject({ id: oldest.id, isActive: false });
    expect((await same(tag.reference!, tag.token))?.record).toMatchObject({ id: newer.id, isActive: true });

    // Consent withdrawn: both say so, and open nothing to show.
    const consent = new ConsentRepository(testDatabase.database);
    await consent.set(userId, false);
    expect(await same(newer.reference!, newer.token)).toMatchObject({ consentWithdrawn: true });
    expect(await same(tag.reference!, tag.token)).toMatchObject({ consentWithdrawn: true });
    await consent.set(userId, true);

    // Past its expiry: the code is there but not active, as with its token.
    const expiring = await newCode(crypto.randomUUID(), new Date(Date.now() + 60_000));
    await query("update records.medical_records set expires_at = now() - interval '1 second' where id = $1", [
      expiring.id,
    ]);
    expect((await same(expiring.reference!, expiring.token))?.record).toMatchObject({
      isActive: false,
      isExpired: true,
    });

    // A revoked tag, and a reference nobody holds, open nothing.
    await tags.revoke(userId, tag.orderId);
    expect(await same(tag.reference!, tag.token)).toBeUndefined();
    expect(await byReference(randomReference())).toBeUndefined();
    // A token's hash is no reference's: the statements never mix the two keys.
    expect(await records.openByReference(testDatabase.tokenIndex.of(newer.token))).toBeUndefined();
  });

  it('gives codes and tags made before references one each, once, however many replicas do it at once', async () => {
    const userId = crypto.randomUUID();
    const before: StoredRecord[] = [await newCode(userId), await newCode(userId), await newCode(userId)];
    const tagBefore = await newTag(userId);
    const kept = await newCode(crypto.randomUUID());
    // As the previous release wrote them: no reference.
    await query(
      'update records.medical_records set reference_index = null, reference_ciphertext = null where id = any($1)',
      [before.map((code) => code.id)],
    );
    await query('update records.printed_tags set reference_index = null, reference_ciphertext = null where id = $1', [
      tagBefore.id,
    ]);
    expect((await records.findOwned(userId, before[0]!.id))?.reference).toBeNull();
    expect(await records.openByToken(before[2]!.token)).not.toHaveProperty('reference');

    // In batches of two: the first looks at two and leaves the rest.
    expect(await records.giveMissingReferences(2)).toBe(2);
    const backfills = [1, 2].map(() => new ReferenceBackfill(records, tags, quietLogger));
    const [one, two] = await Promise.all(backfills.map((backfill) => backfill.run()));
    expect(one!.records + two!.records).toBeGreaterThanOrEqual(1);
    expect(one!.tags + two!.tags).toBeGreaterThanOrEqual(1);

    const given = await Promise.all(before.map(async (code) => (await records.findOwned(userId, code.id))!.reference));
    const tagGiven = (await tags.listByUser(userId)).find((tag) => tag.id === tagBefore.id)!.reference;
    for (const reference of [...given, tagGiven]) expect(reference).toMatch(new RegExp(`^[${REFERENCE_ALPHABET}]{8}$`));
    expect(new Set([...given, tagGiven]).size).toBe(4);
    // Each now opens what its token opens; the code that had one keeps it; a run with nothing left does nothing.
    expect(await byReference(given[2]!)).toEqual(await records.openByToken(before[2]!.token));
    expect(await byReference(tagGiven!)).toEqual(await records.openByToken(tagBefore.token));
    expect((await records.findOwned(kept.userId!, kept.id))?.reference).toBe(kept.reference);
    expect(await new ReferenceBackfill(records, tags, quietLogger).run()).toEqual({ records: 0, tags: 0 });
    expect((await records.findOwned(userId, before[0]!.id))?.reference).toBe(given[0]);
  });
});
