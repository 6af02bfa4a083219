import fc from 'fast-check';
import { ErrorCodes, HISTORY_PAGE_SIZE, RecordsMessages } from '@medical-qr/contracts';
import { premiumClient } from '../billing/billing-fixtures.js';
import { signedInClient } from '../support/accounts.js';
import { HttpClient } from '../support/http-client.js';
import { sharedPaymentSystem } from '../support/stripe-payments.js';
import { medicalForm } from './records-fixtures.js';

const HISTORY = '/api/medical-records/history';

/** Makes `count` codes for a premium user, each with its own allergy so searches can tell them apart. */
async function makeCodes(client: HttpClient, allergies: (index: number) => string, count: number) {
  const tokens: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const created = await client.post('/api/medical-records', medicalForm({ allergies: allergies(index) }));
    expect(created.status).toBe(200);
    tokens.push(created.body.token);
  }
  return tokens;
}

describe('premium history (GET /api/medical-records/history)', () => {
  let owner: HttpClient;
  /** The owner's codes, oldest first. */
  let tokens: string[];

  beforeAll(async () => {
    owner = (await premiumClient(sharedPaymentSystem(), 'history-owner')).client;
    tokens = await makeCodes(
      owner,
      (index) => (index % 3 === 0 ? `Peanuts (code ${index})` : `Latex (code ${index})`),
      12,
    );
  });

  it('answers 401 signed out, and 403 PREMIUM_REQUIRED with the upgrade message to a free member', async () => {
    expect((await new HttpClient().get(HISTORY)).status).toBe(401);
    const { client } = await signedInClient('history-free');
    expect((await client.post('/api/medical-records', medicalForm())).status).toBe(200);
    const refused = await client.get(HISTORY);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: ErrorCodes.PREMIUM_REQUIRED,
      message: RecordsMessages.premiumHistoryRequired,
    });
    expect(refused.body.message).toContain('Upgrade to Premium - $9.99/month');
  });

  it('pages newest first, 10 a page, with the total; QR images only for the page; never cached', async () => {
    const first = await owner.get(HISTORY);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toContain('no-store');
    expect(first.body.total).toBe(12);
    expect(first.body.records).toHaveLength(HISTORY_PAGE_SIZE);
    const newestFirst = [...tokens].reverse();
    expect(first.body.records.map((record: { token: string }) => record.token)).toEqual(newestFirst.slice(0, 10));
    for (const record of first.body.records) expect(record.qrCodeData).toMatch(/^data:image\/png;base64,/);

    const second = await owner.get(`${HISTORY}?page=2`);
    expect(second.body).toMatchObject({ total: 12 });
    expect(second.body.records.map((record: { token: string }) => record.token)).toEqual(newestFirst.slice(10));

    const small = await owner.get(`${HISTORY}?page=3&limit=5`);
    expect(small.body.records.map((record: { token: string }) => record.token)).toEqual(newestFirst.slice(10, 12));
    expect((await owner.get(`${HISTORY}?page=9`)).body).toEqual({ records: [], total: 12 });
  });

  it('searches blood group, allergies and conditions after decryption, case-insensitively, paging the matches', async () => {
    const peanuts = await owner.get(`${HISTORY}?search=PEANUT`);
    expect(peanuts.status).toBe(200);
    expect(peanuts.body.total).toBe(4);
    expect(peanuts.body.records.map((record: { allergies: string }) => record.allergies)).toEqual([
      'Peanuts (code 9)',
      'Peanuts (code 6)',
      'Peanuts (code 3)',
      'Peanuts (code 0)',
    ]);
    const paged = await owner.get(`${HISTORY}?search=latex&limit=3&page=3`);
    expect(paged.body.total).toBe(8);
    expect(paged.body.records).toHaveLength(2);
    // Every code's conditions and blood group are the form's; the search reaches them too.
    expect((await owner.get(`${HISTORY}?search=diabetes`)).body.total).toBe(12);
    expect((await owner.get(`${HISTORY}?search=ab-`)).body.total).toBe(12);
    // Not searched: names and medications.
    expect((await owner.get(`${HISTORY}?search=Imogen`)).body.total).toBe(0);
    expect((await owner.get(`${HISTORY}?search=Levothyroxine`)).body.total).toBe(0);
  });

  it("shows a user only their own records: another premium member finds none of the first one's", async () => {
    const other = (await premiumClient(sharedPaymentSystem(), 'history-other')).client;
    expect((await other.get(HISTORY)).body).toEqual({ records: [], total: 0 });
    expect((await other.get(`${HISTORY}?search=peanut`)).body).toEqual({ records: [], total: 0 });
    await makeCodes(other, () => 'Peanuts (other)', 1);
    const mine = await other.get(`${HISTORY}?search=peanut`);
    expect(mine.body.total).toBe(1);
    expect(mine.body.records[0].allergies).toBe('Peanuts (other)');
  });

  it.each([
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['page=abc', 'page'],
    ['limit=0', 'limit'],
    ['limit=51', 'limit'],
    ['limit=ten', 'limit'],
    ['page=1&page=2', 'page'],
    [`search=${'x'.repeat(101)}`, 'search'],
    ['sort=oldest', 'sort'],
  ])('answers 400 naming the parameter for ?%s', async (query, field) => {
    const response = await owner.get(`${HISTORY}?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(ErrorCodes.VALIDATION_ERROR);
    expect(response.body.message).toContain(field);
  });

  it('answers any query string with 200 or a 400 that says what is wrong, never a 5xx', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 120 }),
      fc.integer().map(String),
      fc.double().map(String),
      fc.constant(''),
    );
    const query = fc.dictionary(fc.constantFrom('page', 'limit', 'search', 'x', 'page[]', '__proto__'), value, {
      maxKeys: 4,
    });
    await fc.assert(
      fc.asyncProperty(query, async (params) => {
        const response = await owner.get(`${HISTORY}?${new URLSearchParams(params)}`);
        if (response.status !== 200 && !(response.status === 400 && typeof response.body.message === 'string')) {
          throw new Error(`${JSON.stringify(params)} answered ${response.status}: ${JSON.stringify(response.body)}`);
        }
      }),
      { numRuns: 150 },
    );
  });
});
