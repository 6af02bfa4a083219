import pg from 'pg';
import { CODE_LABEL_MAX_LENGTH, ErrorCodes, RecordsMessages } from '@medical-qr/contracts';
import { premiumClient } from '../billing/billing-fixtures.js';
import { signedInClient } from '../support/accounts.js';
import { HttpClient } from '../support/http-client.js';
import { sharedPaymentSystem } from '../support/stripe-payments.js';
import { cartLine, payWith, waitForOrders } from '../shop/shop-fixtures.js';
import { medicalForm } from './records-fixtures.js';

const LIST = '/api/medical-records';

interface Summary {
  id: string;
  label: string;
  isActive: boolean;
}

async function labelRow(recordId: string): Promise<string | null> {
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    const { rows } = await db.query(`select label_ciphertext from records.medical_records where id = $1`, [recordId]);
    return rows[0].label_ciphertext as string | null;
  } finally {
    await db.end();
  }
}

describe('premium: several active codes, each with its own record and label', () => {
  it('adds a labelled code beside the first, lists both as active with their labels, and each card shows its own details', async () => {
    const { client } = await premiumClient(sharedPaymentSystem(), 'two-codes');
    const mine = await client.post(LIST, { ...medicalForm({ allergies: 'Penicillin' }), label: 'Me' });
    expect(mine.status).toBe(200);
    const sams = await client.post(LIST, {
      ...medicalForm({ firstName: 'Sam', allergies: 'Peanuts' }),
      label: '  Sam (child)  ',
      addAnother: true,
    });
    expect(sams.status).toBe(200);
    expect(sams.body).toMatchObject({ label: 'Sam (child)', isActive: true, expiresAt: null });

    const active = await client.get(`${LIST}?status=active`);
    expect(active.body.records.map((r: Summary) => [r.label, r.isActive])).toEqual([
      ['Sam (child)', true],
      ['Me', true],
    ]);
    expect((await client.get(`${LIST}/${mine.body.id}`)).body).toMatchObject({ label: 'Me', allergies: 'Penicillin' });
    const card = (token: string) => new HttpClient().get(`/api/emergency-card/${token}`);
    expect((await card(mine.body.token)).body).toMatchObject({ firstName: 'Imogen', allergies: 'Penicillin' });
    expect((await card(sams.body.token)).body).toMatchObject({ firstName: 'Sam', allergies: 'Peanuts' });
    // The label is the owner's name for the code: the responder sees the person, not "Sam (child)".
    expect(JSON.stringify((await card(sams.body.token)).body)).not.toContain('Sam (child)');
  });

  it("keeps the owner's printed items on their first code when a code for someone else is added", async () => {
    const { client } = await premiumClient(sharedPaymentSystem(), 'tags-stay');
    const mine = await client.post(LIST, { ...medicalForm({ allergies: 'Penicillin' }), label: 'Me' });
    expect(mine.status).toBe(200);
    const { item } = await cartLine(client);
    await payWith(client, (await client.post('/api/cart/quick-checkout', { item })).body);
    const [order] = await waitForOrders(client, 1);
    const tag = new URL(order!.tags[0]!.url).pathname.split('/').pop()!;
    const card = async (token: string) => (await new HttpClient().get(`/api/emergency-card/${token}`)).body;
    expect(await card(tag)).toMatchObject({ firstName: 'Imogen', allergies: 'Penicillin' });

    // A child's code added later: the parent's keychain must still show the parent, never the child.
    const sams = await client.post(LIST, {
      ...medicalForm({ firstName: 'Sam', allergies: 'Peanuts' }),
      label: 'Sam (child)',
      addAnother: true,
    });
    expect(sams.status).toBe(200);
    expect(await card(tag)).toMatchObject({ firstName: 'Imogen', allergies: 'Penicillin' });
  });

  it('renames a code, keeps the label sealed at rest, and answers 404 for a code that is not the owner’s', async () => {
    const { client } = await premiumClient(sharedPaymentSystem(), 'rename');
    const record = (await client.post(LIST, { ...medicalForm(), label: 'Bag tag' })).body;
    expect(await labelRow(record.id)).toMatch(/^v1\./);
    expect(await labelRow(record.id)).not.toContain('Bag tag');

    const renamed = await client.request('PUT', `${LIST}/${record.id}/label`, { label: 'Blue suitcase' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: record.id, label: 'Blue suitcase', isActive: true });
    expect((await client.get(`${LIST}/${record.id}`)).body.label).toBe('Blue suitcase');

    const other = (await signedInClient('not-the-owner')).client;
    const theirs = await other.request('PUT', `${LIST}/${record.id}/label`, { label: 'Mine now' });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe(RecordsMessages.recordNotFound);
    expect((await other.request('PUT', `${LIST}/not-a-uuid/label`, { label: 'x' })).status).toBe(404);
    expect((await client.get(`${LIST}/${record.id}`)).body.label).toBe('Blue suitcase');
  });

  it('answers bad labels and list filters with 400 naming what is wrong', async () => {
    const { client } = await premiumClient(sharedPaymentSystem(), 'bad-labels');
    const record = (await client.post(LIST, medicalForm())).body;
    const tooLong = 'x'.repeat(CODE_LABEL_MAX_LENGTH + 1);
    for (const [response, field] of [
      [await client.request('PUT', `${LIST}/${record.id}/label`, { label: tooLong }), 'label'],
      [await client.request('PUT', `${LIST}/${record.id}/label`, { label: 42 }), 'label'],
      [await client.request('PUT', `${LIST}/${record.id}/label`, { label: 'ok', extra: 1 }), 'extra'],
      [await client.post(LIST, { ...medicalForm(), label: tooLong }), 'label'],
      [await client.post(LIST, { ...medicalForm(), addAnother: 'yes' }), 'addAnother'],
      [await client.get(`${LIST}?status=archived`), 'status'],
    ] as const) {
      expect({ field, status: response.status }).toEqual({ field, status: 400 });
      expect(response.body.message).toContain(field);
    }
  });
});

describe('free: one active code', () => {
  it('refuses a second code beside the first with a clear message, and "Replace my code" still replaces it', async () => {
    const { client } = await signedInClient('free-one-code');
    const first = (await client.post(LIST, { ...medicalForm(), label: 'Me' })).body;

    const another = await client.post(LIST, { ...medicalForm({ firstName: 'Sam' }), label: 'Sam', addAnother: true });
    expect(another.status).toBe(403);
    expect(another.body).toMatchObject({
      code: ErrorCodes.PREMIUM_REQUIRED,
      message: RecordsMessages.freeOneActiveCode,
    });
    expect((await client.get(`${LIST}?status=active`)).body.records.map((r: Summary) => r.id)).toEqual([first.id]);

    const replacement = await client.post(LIST, medicalForm({ allergies: 'Sulfa drugs' }));
    expect(replacement.status).toBe(200);
    const active = (await client.get(`${LIST}?status=active`)).body;
    expect(active).toMatchObject({ total: 1, records: [{ id: replacement.body.id, label: '' }] });
    expect((await client.get(LIST)).body.total).toBe(2);
  });
});
