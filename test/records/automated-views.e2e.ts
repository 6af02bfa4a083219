import { WebSocket } from 'ws';
import { AUTOMATED_AGENTS, PEOPLE_AGENTS } from '../../services/gateway/src/http/testing/visitor-agents.js';
import { signedInClient } from '../support/accounts.js';
import { baseUrl } from '../support/api.js';
import { queryDatabase, sharedDatabase } from '../support/database.js';
import { eventually, pause } from '../support/eventually.js';
import { HttpClient, mailTo, type HttpResult } from '../support/http-client.js';
import { medicalForm, RESPONDER_PHONE } from './records-fixtures.js';

const PASSWORD = 'automated-views-pass-1';
const ALERT_SUBJECT = /card was just opened/;
const IPHONE_SAFARI = PEOPLE_AGENTS[0]!;

const scansOf = (recordId: string) =>
  queryDatabase<{ viewer: string; source: string }>(
    sharedDatabase(),
    'select viewer, source from records.scan_events where record_id = $1',
    [recordId],
  );

/** The audit entries of a card's views, by whether the gateway judged them automated. */
const auditedViewsOf = async (recordId: string) =>
  (
    await queryDatabase<{ automated: string; n: number }>(
      sharedDatabase(),
      `select details->>'automated' as automated, count(*)::int as n from privacy.audit_log
        where action = 'records.card.viewed' and details->>'recordId' = $1 group by 1`,
      [recordId],
    )
  ).reduce<Record<string, number>>((counts, row) => ({ ...counts, [row.automated]: row.n }), {});

const alertsTo = async (email: string) => (await mailTo(email)).filter((mail) => ALERT_SUBJECT.test(mail.subject));

/** The owner's live socket, collecting what the gateway pushes. */
async function liveSocket(client: HttpClient) {
  const socket = new WebSocket(`${baseUrl().replace(/^http/, 'ws')}/ws`, {
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-forwarded-for': client.ip },
  });
  const messages: Array<Record<string, unknown>> = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as Record<string, unknown>));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  // The socket is registered under its user once the session is read; give it that moment.
  await pause(300);
  return { socket, messages };
}

type Visit = [method: string, path: string, headers: Record<string, string>];

/** Each from an address of its own, as previews and scanners come from their own networks. */
const visit = (method: string, path: string, headers: Record<string, string>) =>
  new HttpClient().request(method, path, undefined, headers);

/** Whether an answer carried the card: a HEAD only its headers, a GET the page or the JSON with the name on it. */
const carriedCard = (method: string, answer: HttpResult) =>
  answer.status === 200 &&
  (method === 'HEAD'
    ? answer.body === '' && /html|json/.test(answer.headers.get('content-type') ?? '')
    : JSON.stringify(answer.body).includes('Vasquez-Thornbury'));

describe('only people count as scans', () => {
  it("gives previews, crawlers, prefetches and HEADs the card without a scan or an alert; a person's view counts", async () => {
    const { client, email } = await signedInClient('automated-views', PASSWORD);
    const record = (await client.post('/api/medical-records', medicalForm({ email }))).body;
    // Premium lifts expiry (billing does this on upgrade): a never-expiring record is a premium one, its owner alerted.
    await queryDatabase(sharedDatabase(), 'update records.medical_records set expires_at = null where id = $1', [
      record.id,
    ]);
    const live = await liveSocket(client);

    const page = `/emergency/${record.token}`;
    const json = `/api/emergency-card/${record.token}`;
    const scanner = `/api/emergency/${record.token}`;
    const phone = { 'user-agent': RESPONDER_PHONE };
    const machineVisits: Visit[] = [
      ...AUTOMATED_AGENTS.flatMap((userAgent): Visit[] => [
        ['GET', page, { 'user-agent': userAgent }],
        ['GET', json, { 'user-agent': userAgent }],
      ]),
      ['GET', scanner, { 'user-agent': AUTOMATED_AGENTS[0]! }],
      // A real phone's browser, but not a person looking yet.
      ['HEAD', page, phone],
      ['HEAD', json, phone],
      ['HEAD', scanner, phone],
      ['GET', page, { ...phone, 'sec-purpose': 'prefetch' }],
      ['GET', page, { ...phone, 'sec-purpose': 'prefetch;prerender' }],
      ['GET', json, { ...phone, 'sec-purpose': 'prefetch' }],
      ['GET', page, { ...phone, purpose: 'prefetch' }],
      ['GET', page, { ...phone, 'x-purpose': 'preview' }],
      ['GET', page, { ...phone, 'x-moz': 'prefetch' }],
    ];
    const answers = await Promise.all(machineVisits.map(([method, path, headers]) => visit(method, path, headers)));
    const served = answers.map((answer, i) => ({
      visit: machineVisits[i],
      carriedCard: carriedCard(machineVisits[i]![0], answer),
    }));
    expect(served.filter((each) => !each.carriedCard)).toEqual([]);

    // Every one audited, flagged: once the last entry is written, the views have all been handled.
    expect(
      await eventually(
        () => auditedViewsOf(record.id),
        (counts) => counts.true === machineVisits.length,
      ),
    ).toEqual({ true: machineVisits.length });
    await pause(1000);
    expect(await scansOf(record.id)).toEqual([]);
    expect(await alertsTo(email)).toEqual([]);
    expect(live.messages).toEqual([]);

    // One person opens it: a scan, a mail and a push, about that phone (had a machine taken the alert slot, the one
    // mail a premium owner gets in 10 minutes would name another viewer).
    expect(carriedCard('GET', await visit('GET', page, { 'user-agent': IPHONE_SAFARI }))).toBe(true);
    expect(
      await eventually(
        () => scansOf(record.id),
        (rows) => rows.length > 0,
      ),
    ).toEqual([{ viewer: 'Safari on iOS', source: 'card' }]);
    const alerts = await eventually(
      () => alertsTo(email),
      (found) => found.length > 0,
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain('Safari on iOS');
    await eventually(
      () => live.messages,
      (messages) => messages.length > 0,
    );
    expect(live.messages).toEqual([expect.objectContaining({ type: 'card_scanned', viewer: 'Safari on iOS' })]);
    expect(
      await eventually(
        () => auditedViewsOf(record.id),
        (counts) => counts.false === 1,
      ),
    ).toEqual({ true: machineVisits.length, false: 1 });
    live.socket.close();

    // What the owner can see of it: their export's scan log holds the one person.
    expect((await client.post('/api/auth/verify-password', { email, password: PASSWORD })).status).toBe(200);
    const exported = await client.get('/api/privacy/export-data');
    expect(exported.status).toBe(200);
    expect(exported.body.records.scanLog).toEqual([
      expect.objectContaining({ recordId: record.id, viewer: 'Safari on iOS' }),
    ]);
  });
});
