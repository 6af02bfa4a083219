import {
  decodeShlink,
  EXPORT_PAGE_SIZES,
  type ExportSection,
  HEALTH_LINK_ACCESSES_LISTED,
  personalDataExportHeadSchema,
  personalDataExportSchema,
} from '@medical-qr/contracts';
import { medicalForm } from '../records/records-fixtures.js';
import { cartLine, ordersOf, payWith, shopperClient, waitForOrders } from '../shop/shop-fixtures.js';
import { signedInClient } from '../support/accounts.js';
import { baseUrl } from '../support/api.js';
import { HttpClient } from '../support/http-client.js';
import { queryDatabase } from '../support/database.js';

const PASSWORD = 'large-export-pass-1';
/** NATS's default max_payload: the most one message may carry. */
const NATS_MAX_PAYLOAD = 1024 * 1024;
/** Entries seeded straight into the audit log: their export alone is well past 1 MB. */
const AUDIT_ENTRIES = 6_000;
const CONSENT_EVENTS = 450;
const SCANS = 700;
/** A phone's browser string, as card views and sign-ins leave them. */
const USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const database = () => ({ databaseUrl: process.env.E2E_DATABASE_URL ?? '' });

/**
 * The download as it streams: once `after` bytes are in (the audit log, the file's last list, is being written),
 * `meanwhile` runs before the rest is read.
 */
async function download(client: HttpClient, after: number, meanwhile: () => Promise<void>) {
  const response = await fetch(`${baseUrl()}/api/privacy/export-data`, {
    headers: {
      'x-forwarded-for': client.ip,
      cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    },
    signal: AbortSignal.timeout(60_000),
  });
  const reader = response.body!.getReader();
  const chunks: Uint8Array[] = [];
  let ranMeanwhile = false;
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    if (!ranMeanwhile && received >= after) {
      ranMeanwhile = true;
      await meanwhile();
    }
  }
  return { response, text: Buffer.concat(chunks).toString('utf8') };
}

/** The largest reply one page of `items` would be on the bus: its items, its section and a cursor. */
function largestPage(section: ExportSection, items: unknown[]): number {
  let largest = 0;
  for (let start = 0; start < Math.max(items.length, 1); start += EXPORT_PAGE_SIZES[section]) {
    const page = { section, items: items.slice(start, start + EXPORT_PAGE_SIZES[section]), nextCursor: 'x'.repeat(80) };
    largest = Math.max(largest, Buffer.byteLength(JSON.stringify(page)));
  }
  return largest;
}

describe('an export larger than one NATS message', () => {
  it('downloads whole, every entry once, while the audit log grows, in messages far under 1 MB', async () => {
    const { client, email } = await signedInClient('export-large', PASSWORD);
    const userId = (await client.get('/api/auth/user')).body.id as string;
    const record = await client.post('/api/medical-records', medicalForm({ email }));
    expect(record.status).toBe(200);

    // A long history, written as the services would have over the years: audit entries in threes sharing one
    // microsecond-precise time (so only the id tells them apart), consent changes, and card views.
    await queryDatabase(
      database(),
      `insert into privacy.audit_log (occurred_at, action, user_id, ip, user_agent, request_id)
       select timestamptz '2025-01-01T00:00:00Z' + (g / 3) * interval '1001 microseconds',
              'test.bulk.' || g, $1, '2001:db8:5::' || to_hex(g), $2, 'req-' || g
         from generate_series(1, $3::int) g`,
      [userId, USER_AGENT, AUDIT_ENTRIES],
    );
    await queryDatabase(
      database(),
      `insert into privacy.consent_events (user_id, given, reason, occurred_at)
       select $1, g % 2 = 0, 'change ' || g, timestamptz '2025-06-01T00:00:00Z' + g * interval '1 minute'
         from generate_series(1, $2::int) g`,
      [userId, CONSENT_EVENTS],
    );
    await queryDatabase(
      database(),
      `insert into records.scan_events (record_id, viewed_at, viewer, source)
       select $1, timestamptz '2025-03-01T00:00:00Z' + (g / 2) * interval '1 second', 'Safari on iOS', 'card'
         from generate_series(1, $2::int) g`,
      [record.body.id, SCANS],
    );
    expect((await client.post('/api/auth/verify-password', { email, password: PASSWORD })).status).toBe(200);

    // While the file streams, more entries arrive: newer ones, and ones between those already there (an entry that
    // waited in the queue). Neither may move a seeded entry out of its page or into a second one.
    const started = Date.now();
    const { response, text } = await download(client, NATS_MAX_PAYLOAD, async () => {
      await queryDatabase(
        database(),
        `insert into privacy.audit_log (occurred_at, action, user_id)
         select case when g % 2 = 0 then now() else timestamptz '2025-01-01T00:00:00Z' + g * interval '1 ms' end,
                'test.during.' || g, $1
           from generate_series(1, 300) g`,
        [userId],
      );
    });
    const elapsedMs = Date.now() - started;

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="medical-data-export-/);
    expect(response.headers.get('cache-control')).toContain('no-store');
    const bytes = Buffer.byteLength(text);
    expect(bytes).toBeGreaterThan(NATS_MAX_PAYLOAD);
    const exported = JSON.parse(text);
    expect(personalDataExportSchema.safeParse(exported).error).toBeUndefined();
    expect(text).toBe(JSON.stringify(exported, null, 2));

    // Every seeded audit entry exactly once, newest first, and no entry at all twice.
    const actions: string[] = exported.privacy.auditLog.map((entry: { action: string }) => entry.action);
    const bulk = actions.filter((action) => action.startsWith('test.bulk.'));
    expect(bulk).toHaveLength(AUDIT_ENTRIES);
    expect(new Set(bulk).size).toBe(AUDIT_ENTRIES);
    expect(new Set(actions).size).toBe(actions.length);
    const times = exported.privacy.auditLog.map((entry: { occurredAt: string }) => entry.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(exported.privacy.auditLog.find((entry: { action: string }) => entry.action === 'test.bulk.7')).toEqual({
      occurredAt: '2025-01-01T00:00:00.002Z',
      action: 'test.bulk.7',
      ip: '2001:db8:5::7',
      userAgent: USER_AGENT,
      viewer: 'Safari on iOS',
    });
    // The consent history oldest first, the scan log oldest first, each whole.
    expect(exported.privacy.consentHistory.map((event: { reason: string }) => event.reason)).toEqual(
      Array.from({ length: CONSENT_EVENTS }, (_, n) => `change ${n + 1}`),
    );
    expect(exported.records.scanLog).toHaveLength(SCANS);
    const viewedAt = exported.records.scanLog.map((scan: { viewedAt: string }) => scan.viewedAt);
    expect([...viewedAt].sort()).toEqual(viewedAt);
    expect(exported.records.records).toEqual([expect.objectContaining({ id: record.body.id })]);
    expect(exported.internationalPatientSummary.resourceType).toBe('Bundle');

    // What crossed NATS: the head, then pages, each far under the 1 MB a message may carry.
    const head = personalDataExportHeadSchema.parse({ ...exported, deletionRequest: exported.privacy.deletionRequest });
    const largest = {
      head: Buffer.byteLength(JSON.stringify(head)),
      records: largestPage('records', exported.records.records),
      scanLog: largestPage('scanLog', exported.records.scanLog),
      tags: largestPage('tags', exported.records.tags),
      healthLinks: largestPage('healthLinks', exported.records.healthLinks),
      healthLinkAccesses: largestPage('healthLinkAccesses', exported.records.healthLinkAccesses),
      familyAlerts: largestPage('familyAlerts', exported.records.familyAlerts),
      orders: largestPage('orders', exported.orders),
      consentHistory: largestPage('consentHistory', exported.privacy.consentHistory),
      auditLog: largestPage('auditLog', exported.privacy.auditLog),
    };
    for (const size of Object.values(largest)) expect(size).toBeLessThan(NATS_MAX_PAYLOAD / 8);
    const during = actions.filter((action) => action.startsWith('test.during.')).length;
    process.stdout.write(
      `large export: ${bytes} bytes, ${actions.length} audit entries (${during} of 300 written during the download), in ${elapsedMs} ms; largest messages ${JSON.stringify(largest)}\n`,
    );
  });
});

describe('orders in the export', () => {
  it('come page by page as the orders page shows them, each with its printed tags', async () => {
    const { client, email } = await shopperClient('export-orders');
    for (const quantity of [2, 1]) {
      const { item } = await cartLine(client, { quantity });
      expect((await payWith(client, (await client.post('/api/cart/quick-checkout', { item })).body)).status).toBe(200);
    }
    await waitForOrders(client, 2);
    const orders = await ordersOf(client);
    expect(orders.map((order) => order.tags.length)).toEqual([1, 2]);
    expect((await client.post('/api/auth/verify-password', { email, password: 'member-pass' })).status).toBe(200);

    const exported = await client.get('/api/privacy/export-data');
    expect(exported.status).toBe(200);
    expect(exported.body.orders).toEqual(orders);
    expect(exported.body.records.tags).toHaveLength(3);
  });
});

describe('health link accesses in the export', () => {
  it("come whole, past the latest the owner's list shows, newest first", async () => {
    const { client, email } = await signedInClient('export-accesses', PASSWORD);
    expect((await client.post('/api/medical-records', medicalForm({ email }))).status).toBe(200);
    const made = await client.post('/api/health-links', { label: 'Read often' });
    expect(made.status).toBe(200);
    const { url } = decodeShlink(made.body.shlink)!;
    const reader = new HttpClient();
    const accesses = HEALTH_LINK_ACCESSES_LISTED + 5;
    for (let n = 1; n <= accesses; n++) {
      expect((await reader.post(url, { recipient: `Reader ${n}` })).status).toBe(200);
    }
    const listed = await client.get('/api/health-links');
    expect(listed.body.links[0]).toMatchObject({ accessCount: accesses });
    expect(listed.body.links[0].accesses).toHaveLength(HEALTH_LINK_ACCESSES_LISTED);
    expect((await client.post('/api/auth/verify-password', { email, password: PASSWORD })).status).toBe(200);

    const exported = await client.get('/api/privacy/export-data');
    expect(exported.status).toBe(200);
    expect(exported.body.records.healthLinks).toEqual([
      expect.objectContaining({ id: made.body.id, label: 'Read often' }),
    ]);
    const recipients = exported.body.records.healthLinkAccesses.map(
      (access: { recipient: string }) => access.recipient,
    );
    expect([...recipients].sort()).toEqual(Array.from({ length: accesses }, (_, n) => `Reader ${n + 1}`).sort());
    const times = exported.body.records.healthLinkAccesses.map((access: { at: string }) => access.at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
