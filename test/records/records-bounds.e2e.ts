import {
  ErrorCodes,
  FREE_REPLACED_RECORDS_KEPT,
  PREMIUM_MAX_ACTIVE_RECORDS,
  RECORDS_MAX_LIMIT,
  RECORDS_PAGE_SIZE,
  RecordsMessages,
} from '@medical-qr/contracts';
import { premiumClient } from '../billing/billing-fixtures.js';
import { signedInClient } from '../support/accounts.js';
import { HttpClient } from '../support/http-client.js';
import { sharedPaymentSystem } from '../support/stripe-payments.js';
import { medicalForm } from './records-fixtures.js';
import { seedRecords } from './records-seed.js';

const LIST = '/api/medical-records';
/** NATS's default max_payload: a reply this size never arrives. */
const BUS_PAYLOAD_LIMIT = 1024 * 1024;

interface Summary {
  id: string;
  token: string;
  isActive: boolean;
}

async function userIdOf(client: HttpClient): Promise<string> {
  return (await client.get('/api/auth/user')).body.id as string;
}

/** The request and how long it took. */
async function timed(send: () => Promise<{ status: number; body: any; text?: string }>) {
  const started = performance.now();
  const response = await send();
  return { response, ms: performance.now() - started };
}

describe('one account cannot grow a reply or the database without end', () => {
  it('lists an account of 1,000 records a bounded page at a time, quickly, with the total and no QR images', async () => {
    const { client } = await signedInClient('thousand');
    const ids = await seedRecords(await userIdOf(client), 1000);
    const newestFirst = [...ids].reverse();

    const first = await timed(() => client.get(LIST));
    expect(first.response.status).toBe(200);
    expect(first.ms).toBeLessThan(1500);
    expect(first.response.body).toMatchObject({ page: 1, limit: RECORDS_PAGE_SIZE, total: 1000 });
    expect(first.response.body.records.map((r: Summary) => r.id)).toEqual(newestFirst.slice(0, RECORDS_PAGE_SIZE));
    expect(first.response.body.records[0].isActive).toBe(true);

    const widest = await timed(() => client.get(`${LIST}?page=20&limit=${RECORDS_MAX_LIMIT}`));
    expect(widest.response.status).toBe(200);
    expect(widest.ms).toBeLessThan(1500);
    expect(widest.response.body.total).toBe(1000);
    expect(widest.response.body.records.map((r: Summary) => r.id)).toEqual(newestFirst.slice(950));
    // Summaries only: no medical details, no QR image, so a page is a few kilobytes whatever the records hold. The
    // label is the owner's name for the code (at most 40 characters), what tells several codes apart.
    expect(Object.keys(widest.response.body.records[0]).sort()).toEqual(
      ['cardUrl', 'createdAt', 'expiresAt', 'id', 'isActive', 'label', 'token'].sort(),
    );
    expect(JSON.stringify(widest.response.body).length).toBeLessThan(BUS_PAYLOAD_LIMIT / 16);
    expect((await client.get(`${LIST}?page=21&limit=${RECORDS_MAX_LIMIT}`)).body).toEqual({
      records: [],
      page: 21,
      limit: RECORDS_MAX_LIMIT,
      total: 1000,
    });

    for (const bad of [`limit=${RECORDS_MAX_LIMIT + 1}`, 'limit=0', 'page=0', 'page=abc', 'limit=1.5', 'extra=1']) {
      const refused = await client.get(`${LIST}?${bad}`);
      expect({ bad, status: refused.status, code: refused.body.code }).toEqual({
        bad,
        status: 400,
        code: ErrorCodes.VALIDATION_ERROR,
      });
    }

    // The screens' other reads of such an account stay quick: the active code, the dashboard, one record in full.
    const active = await timed(() => client.get(`${LIST}/active`));
    expect(active.ms).toBeLessThan(1500);
    expect(active.response.body.id).toBe(newestFirst[0]);
    const dashboard = await timed(() => client.get(`${LIST}/dashboard`));
    expect(dashboard.ms).toBeLessThan(1500);
    expect(dashboard.response.body.record.id).toBe(newestFirst[0]);
    const one = await client.get(`${LIST}/${newestFirst[500]}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: newestFirst[500], bloodGroup: 'AB-', isActive: false });
    expect(one.body.qrCodeData).toMatch(/^data:image\/png;base64,/);
  });

  it("answers one record in full only to its owner: 404 for someone else's and for ids that cannot exist", async () => {
    const { client: owner } = await signedInClient('one-record');
    const { client: other } = await signedInClient('one-record-other');
    const created = (await owner.post(LIST, medicalForm())).body;
    const own = await owner.get(`${LIST}/${created.id}`);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toContain('no-store');
    expect(own.body).toEqual(created);
    for (const path of [`${LIST}/${created.id}`, `${LIST}/not-a-uuid`]) {
      const refused = await (path.endsWith(created.id) ? other : owner).get(path);
      expect({ path, status: refused.status, message: refused.body.message }).toEqual({
        path,
        status: 404,
        message: RecordsMessages.recordNotFound,
      });
    }
  });

  it(`keeps a free account's active code and its last ${FREE_REPLACED_RECORDS_KEPT} replaced ones; older ones are deleted`, async () => {
    const { client } = await signedInClient('free-history');
    const tokens: string[] = [];
    for (let i = 0; i < FREE_REPLACED_RECORDS_KEPT + 3; i++) {
      const created = await client.post(LIST, medicalForm());
      expect(created.status).toBe(200);
      tokens.push(created.body.token);
    }
    const list = (await client.get(`${LIST}?limit=${RECORDS_MAX_LIMIT}`)).body;
    expect(list.total).toBe(FREE_REPLACED_RECORDS_KEPT + 1);
    expect(list.records.map((r: Summary) => r.token)).toEqual(
      [...tokens].reverse().slice(0, FREE_REPLACED_RECORDS_KEPT + 1),
    );
    // The pruned codes are gone (404), the kept replaced ones still say they were replaced (410), the newest opens.
    expect((await new HttpClient().get(`/api/emergency-card/${tokens[0]}`)).status).toBe(404);
    expect((await new HttpClient().get(`/api/emergency-card/${tokens[1]}`)).status).toBe(404);
    expect((await new HttpClient().get(`/api/emergency-card/${tokens[2]}`)).status).toBe(410);
    expect((await new HttpClient().get(`/api/emergency-card/${tokens.at(-1)}`)).status).toBe(200);
  });

  it(`holds premium to ${PREMIUM_MAX_ACTIVE_RECORDS} active codes: the next answers 409 with the limit, and deleting one makes room`, async () => {
    const { client } = await premiumClient(sharedPaymentSystem(), 'premium-cap');
    const created: string[] = [];
    for (let i = 0; i < PREMIUM_MAX_ACTIVE_RECORDS; i++) {
      const response = await client.post(LIST, medicalForm());
      expect(response.status).toBe(200);
      created.push(response.body.id);
    }
    const refused = await client.post(LIST, medicalForm());
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: ErrorCodes.CONFLICT, message: RecordsMessages.premiumActiveLimit });
    expect(refused.body.message).toContain(String(PREMIUM_MAX_ACTIVE_RECORDS));
    expect((await client.get(LIST)).body.total).toBe(PREMIUM_MAX_ACTIVE_RECORDS);

    expect((await client.request('DELETE', `${LIST}/${created[0]}`)).status).toBe(200);
    expect((await client.post(LIST, medicalForm())).status).toBe(200);
  });
});
