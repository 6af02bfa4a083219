import { randomUUID } from 'node:crypto';
import { linkTokenHash, newLinkToken } from '@medical-qr/platform';
import { newEmergencyToken } from '../records/emergency-token.js';
import type { RecordsRepository } from '../records/records.repository.js';
import { newTextId, SmsOutboxRepository, type NewText } from '../sms/sms-outbox.repository.js';
import { testMedicalForm } from '../testing/medical-form.js';
import { openRecordsTestDatabase, type RecordsTestDatabase } from '../testing/records-test-database.js';
import { FamilyAlertsRepository, type NewAlert } from './family-alerts.repository.js';

const TEN_MINUTES_AGO = () => new Date(Date.now() - 10 * 60 * 1000);

describe('family alerts and their texts (real PostgreSQL)', () => {
  let testDatabase: RecordsTestDatabase;
  let records: RecordsRepository;
  let outbox: SmsOutboxRepository;
  let alerts: FamilyAlertsRepository;

  beforeAll(async () => {
    testDatabase = await openRecordsTestDatabase('family-alerts-spec');
    records = testDatabase.records;
    outbox = new SmsOutboxRepository(testDatabase.database, testDatabase.cipher);
    alerts = new FamilyAlertsRepository(testDatabase.database, testDatabase.cipher, outbox);
  });
  afterAll(async () => {
    await testDatabase?.close();
  });

  const query = (text: string, values: unknown[] = []) => testDatabase.database.pool.query(text, values);
  const newCode = () =>
    records.forUser(randomUUID(), (scope) =>
      scope.insert({ token: newEmergencyToken(), emailIndex: 'e', form: testMedicalForm(), expiresAt: null }),
    );

  function text(alertId: string, position: number, round: number): NewText {
    return {
      id: newTextId(),
      to: '+12025550123',
      toIndex: 'index-of-the-number',
      body: `round ${round}, contact ${position}`,
      purpose: 'family-alert',
      alertId,
      position,
      round,
    };
  }

  function newAlert(recordId: string): NewAlert {
    const id = randomUUID();
    return {
      id,
      recordId,
      userId: null,
      statusKeyHash: linkTokenHash(newLinkToken()),
      note: { source: 'card', message: "Taken to St Mary's A&E", callbackNumber: '+44 7700 900456' },
      language: 'en',
      contacts: [0, 1].map((position) => ({
        position,
        name: `Contact ${position}`,
        relationship: 'Sister',
        number: '+12025550123',
        ackUrl: `https://medicalqr.example/f/${position}`,
        ackKeyHash: linkTokenHash(newLinkToken()),
      })),
      texts: [text(id, 0, 1), text(id, 1, 1)],
    };
  }

  it('writes at most 3 alerts a card in the window, however many are sent at once', async () => {
    const code = await newCode();
    const written = await Promise.all(
      Array.from({ length: 8 }, () => alerts.createWithinLimit(newAlert(code.id), 3, TEN_MINUTES_AGO())),
    );
    expect(written.filter(Boolean)).toHaveLength(3);
    const { rows } = await query('select count(*)::int as n from records.family_alerts where record_id = $1', [
      code.id,
    ]);
    expect(rows[0].n).toBe(3);
    // Another card has its own count.
    expect(await alerts.createWithinLimit(newAlert((await newCode()).id), 3, TEN_MINUTES_AGO())).toBe(true);
  });

  it('keeps what the responder wrote and whom it texted encrypted, and finds the alert only by the keys', async () => {
    const code = await newCode();
    const alert = newAlert(code.id);
    await alerts.createWithinLimit(alert, 3, TEN_MINUTES_AGO());
    const { rows } = await query(
      `select a.note, c.contact, o.recipient, o.body from records.family_alerts a
         join records.family_alert_contacts c on c.alert_id = a.id join records.sms_outbox o on o.alert_id = a.id
        where a.id = $1`,
      [alert.id],
    );
    expect(JSON.stringify(rows)).not.toMatch(/St Mary|7700|2025550123|Contact 0|round 1/);
    expect((await alerts.findByStatusKeyHash(alert.statusKeyHash))?.note.message).toBe("Taken to St Mary's A&E");
    const found = await alerts.findByAckKeyHash(alert.contacts[1]!.ackKeyHash);
    expect(found?.contact).toMatchObject({ position: 1, name: 'Contact 1', number: '+12025550123' });
    expect(await alerts.findByAckKeyHash(linkTokenHash(newLinkToken()))).toBeUndefined();
  });

  it('writes each contact’s text of a round once, and a text the provider took is never sent again', async () => {
    const code = await newCode();
    const alert = newAlert(code.id);
    await alerts.createWithinLimit(alert, 3, TEN_MINUTES_AGO());
    // The same round written again (a retried job, a second sweep) adds nothing.
    await outbox.insert([text(alert.id, 0, 1), text(alert.id, 1, 1)]);
    const ids = await outbox.idsOf(alert.id, 1);
    expect(ids).toHaveLength(2);
    const [first] = ids;
    await outbox.markSent(first!, 'SM0123456789abcdef0123456789abcdef', 'queued');
    expect((await outbox.find(first!))?.providerSid).toBe('SM0123456789abcdef0123456789abcdef');
    expect(await outbox.findUnsent(new Date(Date.now() + 1000), 10)).not.toContain(first);
    expect(await outbox.updateStatus('SM0123456789abcdef0123456789abcdef', 'delivered')).toBe(true);
  });

  it('marks an alert unanswered and writes its second round once, and never after an answer', async () => {
    const code = await newCode();
    const alert = newAlert(code.id);
    await alerts.createWithinLimit(alert, 3, TEN_MINUTES_AGO());
    const secondRound = async () => [text(alert.id, 0, 2), text(alert.id, 1, 2)];
    const escalated = await Promise.all([1, 2, 3].map(() => alerts.markUnanswered(alert.id, secondRound)));
    expect(escalated.filter(Boolean)).toHaveLength(1);
    expect(await outbox.idsOf(alert.id, 2)).toHaveLength(2);

    // The first contact to answer wins; an answer after that changes nothing.
    expect(await alerts.acknowledge(alert.id, 1)).toBe(true);
    expect(await alerts.acknowledge(alert.id, 0)).toBe(false);
    expect((await alerts.findById(alert.id))?.acknowledgedBy).toBe(1);

    const answered = newAlert(code.id);
    await alerts.createWithinLimit(answered, 3, TEN_MINUTES_AGO());
    await alerts.acknowledge(answered.id, 0);
    expect(await alerts.markUnanswered(answered.id, secondRound)).toBe(false);
  });

  it('goes with its card: deleting the card deletes its alerts, contacts and texts, the answers to texted references too', async () => {
    const code = await newCode();
    const alert = newAlert(code.id);
    await alerts.createWithinLimit(alert, 3, TEN_MINUTES_AGO());
    await outbox.insert([
      {
        ...text(alert.id, 9, 1),
        alertId: undefined,
        position: undefined,
        round: undefined,
        purpose: 'reference-reply',
        recordId: code.id,
      },
    ]);
    await query('delete from records.medical_records where id = $1', [code.id]);
    for (const table of ['family_alerts', 'family_alert_contacts', 'sms_outbox']) {
      const column =
        table === 'family_alerts' ? 'record_id' : table === 'sms_outbox' ? 'coalesce(record_id, alert_id)' : 'alert_id';
      const { rows } = await query(`select count(*)::int as n from records.${table} where ${column} = any($1)`, [
        [code.id, alert.id],
      ]);
      expect({ table, left: rows[0].n }).toEqual({ table, left: 0 });
    }
  });

  it('counts misses per number over the last hour, and keeps STOP until START', async () => {
    const number = `index-${randomUUID()}`;
    for (let miss = 1; miss <= 3; miss++) expect(await outbox.countMiss(number, 3600_000)).toBe(miss);
    expect(await outbox.missesSince(`index-${randomUUID()}`, 3600_000)).toBe(0);
    await outbox.optOut(number);
    await outbox.optOut(number);
    expect(await outbox.isOptedOut(number)).toBe(true);
    await outbox.optIn(number);
    expect(await outbox.isOptedOut(number)).toBe(false);
  });

  it("pages through the alerts of the person's cards for the export, every one once, newest first, with who answered", async () => {
    const userId = randomUUID();
    const codeOf = () =>
      records.forUser(userId, (scope) =>
        scope.insert({ token: newEmergencyToken(), emailIndex: 'e', form: testMedicalForm(), expiresAt: null }),
      );
    const [first, second] = [await codeOf(), await codeOf()];
    const sent = [...Array.from({ length: 3 }, () => newAlert(first.id)), ...[0, 1].map(() => newAlert(second.id))];
    for (const alert of sent) expect(await alerts.createWithinLimit(alert, 3, TEN_MINUTES_AGO())).toBe(true);
    // Another person's alert is not theirs.
    await alerts.createWithinLimit(newAlert((await newCode()).id), 3, TEN_MINUTES_AGO());
    // Four sent within one microsecond: only the id tells them apart.
    await query(
      `update records.family_alerts set created_at = timestamptz '2025-01-01T00:00:00.123456Z' where id = any($1::uuid[])`,
      [sent.slice(0, 4).map((alert) => alert.id)],
    );
    await alerts.acknowledge(sent[4]!.id, 1);

    const seen: Awaited<ReturnType<FamilyAlertsRepository['exportPageByOwner']>> = [];
    let after: [string, string] | undefined;
    for (;;) {
      const rows = await alerts.exportPageByOwner(userId, after, 2);
      seen.push(...rows.slice(0, 2));
      if (rows.length <= 2) break;
      after = rows[1]!.key;
    }
    // Sent without the owner's id on them (as from a code made before its owner had an account), they are still theirs.
    expect(seen.map((row) => row.alert.id).sort()).toEqual(sent.map((alert) => alert.id).sort());
    expect(seen[0]!.alert.id).toBe(sent[4]!.id);
    expect(seen[0]!.answeredBy).toEqual([expect.objectContaining({ position: 1, name: 'Contact 1' })]);
    expect(seen[0]!.alert.note.message).toBe("Taken to St Mary's A&E");
    for (const row of seen.slice(1)) expect(row.answeredBy).toEqual([]);
  });
});
