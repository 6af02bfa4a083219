import pg from 'pg';
import { startIsolatedStack, type IsolatedStack } from '@medical-qr/launcher';
import { registeredClient } from '../support/accounts.js';
import { eventually, pause } from '../support/eventually.js';
import { HttpClient, mailTo } from '../support/http-client.js';
import { medicalForm } from './records-fixtures.js';

const REMINDER_SUBJECT = /^Are the facts on your Medical QR code still right\?$/;

/** A system whose owners are reminded after 30 days unchecked, and whose sweep runs every second. */
describe('the reminder to check the facts, with FACTS_REMINDER_DAYS=30', () => {
  let system: IsolatedStack;
  let db: pg.Client;

  beforeAll(async () => {
    system = await startIsolatedStack('facts-reminder', {
      EMAIL_VERIFICATION: 'false',
      FACTS_REMINDER_DAYS: '30',
      FACTS_REMINDER_SWEEP_INTERVAL_MS: '1000',
    });
    db = new pg.Client({ connectionString: system.env.DATABASE_URL });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await system?.stop();
  });

  /** A signed-in owner with one named code, and the address their mail goes to. */
  async function ownerWithCode(label: string) {
    const { client } = await registeredClient(system.url, 'reminded');
    const account = await client.get('/api/auth/user');
    const created = await client.post('/api/medical-records', medicalForm());
    expect(created.status).toBe(200);
    const named = await client.request('PUT', `/api/medical-records/${created.body.id}/label`, { label });
    expect(named.status).toBe(200);
    return { client, email: account.body.email as string, recordId: created.body.id as string };
  }

  /** Time passing: the code's facts were last checked `days` days ago (at noon UTC, so the mailed day is certain). */
  async function lastCheckedDaysAgo(recordId: string, days: number): Promise<Date> {
    const today = new Date();
    const at = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - days, 12));
    await db.query('update records.medical_records set facts_checked_at = $2 where id = $1', [recordId, at]);
    return at;
  }

  const remindersTo = async (email: string) =>
    (await mailTo(email, system.sandboxUrl)).filter((mail) => REMINDER_SUBJECT.test(mail.subject));
  const day = (date: Date) =>
    new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);

  it('mails the owner once per lapse, naming the code and the date, with a link that opens the app and confirms nothing', async () => {
    const due = await ownerWithCode('Bag tag');
    const notYet = await ownerWithCode('Keys');
    const checked = await lastCheckedDaysAgo(due.recordId, 31);
    await lastCheckedDaysAgo(notYet.recordId, 29);

    const [reminder] = await eventually(
      () => remindersTo(due.email),
      (mails) => mails.length > 0,
    );
    expect(reminder!.text).toContain(
      `The facts on your Medical QR code “Bag tag” were last checked on ${day(checked)}.`,
    );
    const link = reminder!.links.find((candidate) => candidate.startsWith(system.url));
    expect(link).toBe(`${system.url}/history`);

    // Opening the link shows the app; the facts stay as they were until the owner confirms there.
    const opened = await new HttpClient(undefined, system.url).get(new URL(link!).pathname);
    expect(opened.status).toBe(200);
    expect((await due.client.get(`/api/medical-records/${due.recordId}`)).body.factsCheckedAt).toBe(
      checked.toISOString(),
    );

    // Several sweeps later: still one mail, and none for the code checked 29 days ago.
    await pause(4000);
    expect(await remindersTo(due.email)).toHaveLength(1);
    expect(await remindersTo(notYet.email)).toEqual([]);

    // The owner confirms; once that check lapses too, one mail more.
    expect((await due.client.post(`/api/medical-records/${due.recordId}/confirm-facts`)).status).toBe(200);
    await pause(2500);
    expect(await remindersTo(due.email)).toHaveLength(1);
    const rechecked = await lastCheckedDaysAgo(due.recordId, 45);
    const second = await eventually(
      () => remindersTo(due.email),
      (mails) => mails.length === 2,
    );
    expect(second[0]!.text).toContain(`were last checked on ${day(rechecked)}.`);
    await pause(3000);
    expect(await remindersTo(due.email)).toHaveLength(2);
  });
});
