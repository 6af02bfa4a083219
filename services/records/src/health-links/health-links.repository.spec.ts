import { randomUUID } from 'node:crypto';
import { newEmergencyToken } from '../records/emergency-token.js';
import type { RecordsRepository } from '../records/records.repository.js';
import { testMedicalForm } from '../testing/medical-form.js';
import { openRecordsTestDatabase, type RecordsTestDatabase } from '../testing/records-test-database.js';
import { hashOfShlRandom, newShlRandom } from './health-link-secrets.js';
import { HealthLinksRepository, type NewHealthLink } from './health-links.repository.js';

describe('health links (real PostgreSQL)', () => {
  let testDatabase: RecordsTestDatabase;
  let records: RecordsRepository;
  let links: HealthLinksRepository;

  beforeAll(async () => {
    testDatabase = await openRecordsTestDatabase('health-links-spec');
    records = testDatabase.records;
    links = new HealthLinksRepository(testDatabase.database, testDatabase.cipher);
  });
  afterAll(async () => {
    await testDatabase?.close();
  });

  const query = (text: string, values: unknown[] = []) => testDatabase.database.pool.query(text, values);
  async function owner() {
    const userId = randomUUID();
    const record = await records.forUser(userId, (scope) =>
      scope.insert({ token: newEmergencyToken(), emailIndex: 'e', form: testMedicalForm(), expiresAt: null }),
    );
    return { userId, recordId: record.id };
  }
  function newLink(userId: string, recordId: string, overrides: Partial<NewHealthLink> = {}): NewHealthLink {
    return {
      id: randomUUID(),
      userId,
      recordId,
      recordVersion: 1,
      manifestIdHash: hashOfShlRandom(newShlRandom()),
      label: 'For the ED',
      flag: 'P',
      passcodeHash: 'hash',
      attemptsLeft: 10,
      expiresAt: null,
      file: 'header.key.iv.ciphertext.tag',
      fileWrittenAt: new Date(),
      wrappedKey: null,
      ...overrides,
    };
  }

  it('holds an owner to the limit of links that still open, exactly, under parallel creation', async () => {
    const { userId, recordId } = await owner();
    const made = await Promise.all(Array.from({ length: 8 }, () => links.create(newLink(userId, recordId), 5)));
    expect(made.filter(Boolean)).toHaveLength(5);
    // A revoked one no longer counts.
    const [first] = await links.listForOwner(userId);
    await links.revoke(userId, first!.link.id, new Date());
    expect(await links.create(newLink(userId, recordId), 5)).toBe(true);
  });

  it('spends each wrong passcode once, in parallel: 9..0 and then none', async () => {
    const { userId, recordId } = await owner();
    const link = newLink(userId, recordId);
    await links.create(link, 20);
    const left = await Promise.all(Array.from({ length: 30 }, () => links.spendAttempt(link.id)));
    expect(left.filter((value) => value !== undefined).sort((a, b) => a! - b!)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(left.filter((value) => value === undefined)).toHaveLength(20);
  });

  it('lists accesses newest first with recipients in clear, stores them encrypted, and alerts once per interval', async () => {
    const { userId, recordId } = await owner();
    const link = newLink(userId, recordId, { passcodeHash: null, attemptsLeft: null, flag: '' });
    await links.create(link, 20);
    const at = new Date();
    const alerted = await Promise.all(
      ['Reader A', 'Reader B', 'Reader C'].map((recipient, index) =>
        links.recordAccess(link.id, recipient, new Date(at.getTime() + index), 600_000),
      ),
    );
    expect(alerted.filter(Boolean)).toHaveLength(1);
    const [listed] = await links.listForOwner(userId);
    expect(listed!.accessCount).toBe(3);
    expect(listed!.accesses.map((access) => access.recipient)).toEqual(['Reader C', 'Reader B', 'Reader A']);
    const stored = await query('select recipient from records.health_link_accesses where link_id = $1', [link.id]);
    expect(stored.rows.map((row) => row.recipient).join()).not.toMatch(/Reader/);
    const [{ label }] = (await query('select label from records.health_links where id = $1', [link.id])).rows;
    expect(label).not.toContain('For the ED');
  });

  it('revoking drops the file, the key and the locations; a stranger cannot revoke', async () => {
    const { userId, recordId } = await owner();
    const link = newLink(userId, recordId, { wrappedKey: 'wrapped' });
    await links.create(link, 20);
    const ticket = hashOfShlRandom(newShlRandom());
    await links.issueTicket(link.id, ticket, new Date(Date.now() + 60_000), new Date());
    expect((await links.findByTicket(ticket, new Date()))?.id).toBe(link.id);

    expect(await links.revoke(randomUUID(), link.id, new Date())).toBeUndefined();
    const revoked = await links.revoke(userId, link.id, new Date());
    expect(revoked).toMatchObject({ file: '', wrappedKey: null });
    expect(revoked!.revokedAt).toBeInstanceOf(Date);
    expect(await links.findByTicket(ticket, new Date())).toBeUndefined();
  });

  it('a ticket past its time finds nothing; a deleted record takes its links along', async () => {
    const { userId, recordId } = await owner();
    const link = newLink(userId, recordId);
    await links.create(link, 20);
    const ticket = hashOfShlRandom(newShlRandom());
    await links.issueTicket(link.id, ticket, new Date(Date.now() + 1000), new Date());
    expect(await links.findByTicket(ticket, new Date(Date.now() + 2000))).toBeUndefined();

    await query('delete from records.medical_records where id = $1', [recordId]);
    expect(await links.findByManifestHash(link.manifestIdHash)).toBeUndefined();
  });

  it('says when the owner withdrew consent, and only then', async () => {
    const { userId, recordId } = await owner();
    const link = newLink(userId, recordId);
    await links.create(link, 20);
    // Someone else's withdrawal closes nothing of this owner's.
    await query('insert into records.consent_withdrawals (user_id) values ($1)', [randomUUID()]);
    expect((await links.findByManifestHash(link.manifestIdHash))?.consentWithdrawn).toBe(false);
    expect((await links.listForOwner(userId))[0]!.link.consentWithdrawn).toBe(false);
    await query('insert into records.consent_withdrawals (user_id) values ($1)', [userId]);
    expect((await links.findByManifestHash(link.manifestIdHash))?.consentWithdrawn).toBe(true);
  });

  /** Every row of a keyset-paged export list, `limit` a page, each page starting after the last one's key. */
  async function readAll<Row extends { key: [string, string] }>(
    read: (after: [string, string] | undefined) => Promise<Row[]>,
    limit: number,
  ): Promise<Row[]> {
    const seen: Row[] = [];
    let after: [string, string] | undefined;
    for (;;) {
      const rows = await read(after);
      expect(rows.length).toBeLessThanOrEqual(limit + 1);
      seen.push(...rows.slice(0, limit));
      if (rows.length <= limit) return seen;
      after = rows[limit - 1]!.key;
    }
  }

  it("pages through the owner's links for the export, every one once, newest first, none of another's", async () => {
    const { userId, recordId } = await owner();
    const stranger = await owner();
    await links.create(newLink(stranger.userId, stranger.recordId), 20);
    const made = Array.from({ length: 7 }, (_, n) => newLink(userId, recordId, { label: `Link ${n}` }));
    for (const link of made) await links.create(link, 20);
    // Five made within one microsecond: only the id tells them apart.
    await query(
      `update records.health_links set created_at = timestamptz '2025-01-01T00:00:00.123456Z'
        where id = any($1::uuid[])`,
      [made.slice(0, 5).map((link) => link.id)],
    );

    const rows = await readAll((after) => links.exportPageByOwner(userId, after, 2), 2);
    expect(rows.map((row) => row.link.id).sort()).toEqual(made.map((link) => link.id).sort());
    const times = rows.map((row) => row.link.createdAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(rows.find((row) => row.link.id === made[6]!.id)!.link).toMatchObject({
      label: 'Link 6',
      recordId,
      flag: 'P',
      attemptsLeft: 10,
    });
    // Nothing that opens the link is read at all.
    for (const row of rows) {
      expect(Object.keys(row.link).sort()).toEqual(
        ['attemptsLeft', 'createdAt', 'expiresAt', 'flag', 'id', 'label', 'recordId', 'revokedAt'].sort(),
      );
    }
  });

  it("pages through every access to the owner's links for the export, past the list's latest 50", async () => {
    const { userId, recordId } = await owner();
    const [first, second] = [newLink(userId, recordId), newLink(userId, recordId)];
    await links.create(first!, 20);
    await links.create(second!, 20);
    const stranger = await owner();
    const theirs = newLink(stranger.userId, stranger.recordId);
    await links.create(theirs, 20);
    await links.recordAccess(theirs.id, 'Not yours', new Date(), 0);
    const at = Date.parse('2026-02-01T00:00:00Z');
    for (let n = 0; n < 60; n++) await links.recordAccess(first!.id, `Reader ${n}`, new Date(at + n * 1000), 0);
    for (let n = 0; n < 5; n++) await links.recordAccess(second!.id, `Other ${n}`, new Date(at), 0);

    const rows = await readAll((after) => links.exportAccessesPageByOwner(userId, after, 7), 7);
    expect(rows).toHaveLength(65);
    expect(new Set(rows.map((row) => row.key[1])).size).toBe(65);
    const recipients = rows.map((row) => row.access.recipient);
    expect(recipients.slice(0, 3)).toEqual(['Reader 59', 'Reader 58', 'Reader 57']);
    expect(recipients).not.toContain('Not yours');
    expect(recipients.filter((recipient) => recipient.startsWith('Other'))).toHaveLength(5);
    expect(rows.find((row) => row.access.recipient === 'Reader 0')!.access).toEqual({
      linkId: first!.id,
      at: '2026-02-01T00:00:00.000Z',
      recipient: 'Reader 0',
    });
    const times = rows.map((row) => row.access.at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
