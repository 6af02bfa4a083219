import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  RecordsMessages,
  RecordsPatterns,
  type IssuedTag,
  type PrintedTag,
  type TagRequest,
} from '@medical-qr/contracts';
import { startIsolatedStack, type IsolatedStack } from '@medical-qr/launcher';
import { ServiceClient } from '@medical-qr/platform';
import { HttpClient, uniqueEmail } from '../support/http-client.js';
import { decodeQr, decodeQrWithZbar } from '../support/qr.js';
import { medicalForm } from './records-fixtures.js';

/**
 * Printed tags through the real system: issued over NATS as the shop's order does, opened through the gateway's
 * card routes and page exactly like a record's own token.
 */
describe('printed tags', () => {
  let system: IsolatedStack;
  let services: ServiceClient;

  beforeAll(async () => {
    system = await startIsolatedStack('printed-tags', { TRUST_PROXY_HOPS: '1', EMAIL_VERIFICATION: 'false' });
    services = new ServiceClient(system.nats.admin, 'printed-tags-test', 10_000, system.env.REDIS_PREFIX!);
    await services.connect();
  });
  afterAll(async () => {
    await services?.close();
    await system?.stop();
  });

  /** A free signed-in owner (registration signs in when verification is off). */
  async function owner() {
    const client = new HttpClient(undefined, system.url);
    const registered = await client.post('/api/auth/register', {
      firstName: 'Amara',
      lastName: 'Okafor',
      email: uniqueEmail('tag-owner'),
      password: 'tag-owner-pass',
    });
    expect(registered.status).toBe(201);
    return { client, userId: registered.body.user.id as string };
  }

  const tagRequest = (userId: string, orderId: string): TagRequest => ({
    userId,
    orderId,
    itemIndex: 0,
    appUrl: system.url,
  });
  const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
  const visitor = () => new HttpClient(undefined, system.url);

  it('opens the owner’s current record through the card routes, follows a new code, and prints a readable QR', async () => {
    const { client, userId } = await owner();
    const first = await client.post('/api/medical-records', medicalForm({ allergies: 'Penicillin' }));
    expect(first.status).toBe(200);
    const orderId = randomUUID();

    const tag = await services.request<IssuedTag>(RecordsPatterns.issueTag, tagRequest(userId, orderId));
    const token = tokenOf(tag.url);
    expect(tag.url).toBe(`${system.url}/emergency/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const png = Buffer.from(tag.printPngBase64, 'base64');
    expect(decodeQr(png)).toBe(tag.url);
    expect(decodeQrWithZbar(png)).toBe(tag.url);
    // Its own printed reference (drawn under the code on the print), the one the card opened by the tag says.
    expect(tag.reference).toMatch(/^[2-9A-HJKMNP-TW-Z]{4} [2-9A-HJKMNP-TW-Z]{4}$/);
    // A retry of the order gets the very same tag.
    expect(await services.request<IssuedTag>(RecordsPatterns.issueTag, tagRequest(userId, orderId))).toEqual(tag);

    const db = new pg.Client({ connectionString: system.env.DATABASE_URL });
    await db.connect();
    try {
      const { rows } = await db.query('select * from records.printed_tags where order_id = $1', [orderId]);
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(token);
    } finally {
      await db.end();
    }

    const card = await visitor().get(`/api/emergency-card/${token}`);
    expect([card.status, card.body.allergies, card.body.reference]).toEqual([200, 'Penicillin', tag.reference]);
    const page = await visitor().get(`/emergency/${token}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Penicillin');

    // A free user's new code replaces the old: the old link is expired, the tag shows the new record.
    const second = await client.post('/api/medical-records', medicalForm({ allergies: 'Latex' }));
    expect(second.status).toBe(200);
    expect((await visitor().get(`/api/emergency-card/${first.body.token}`)).status).toBe(410);
    const followed = await visitor().get(`/api/emergency-card/${token}`);
    expect([followed.status, followed.body.allergies]).toEqual([200, 'Latex']);
    const scanned = await visitor().get(`/api/emergency/${token}`);
    expect([scanned.status, scanned.body.allergies]).toEqual([200, 'Latex']);

    const listed = await services.request<PrintedTag[]>(RecordsPatterns.listTags, { userId, appUrl: system.url });
    expect(listed).toEqual([
      {
        orderId,
        itemIndex: 0,
        url: tag.url,
        tokenPrefix: tag.tokenPrefix,
        reference: tag.reference,
        createdAt: tag.createdAt,
        revokedAt: null,
      },
    ]);
  });

  it('answers a revoked tag exactly like an unknown card', async () => {
    const { client, userId } = await owner();
    expect((await client.post('/api/medical-records', medicalForm())).status).toBe(200);
    const orderId = randomUUID();
    const tag = await services.request<IssuedTag>(RecordsPatterns.issueTag, tagRequest(userId, orderId));
    expect((await visitor().get(`/api/emergency-card/${tokenOf(tag.url)}`)).status).toBe(200);

    const revoked = await services.request<PrintedTag>(RecordsPatterns.revokeTag, tagRequest(userId, orderId));
    expect(revoked.revokedAt).not.toBeNull();

    const unknown = await visitor().get('/api/emergency-card/AAAAAAAAAAAAAAAAAAAAAA');
    const lost = await visitor().get(`/api/emergency-card/${tokenOf(tag.url)}`);
    expect(unknown.body).toMatchObject({ statusCode: 404, message: RecordsMessages.cardNotFound });
    expect([lost.status, lost.body]).toEqual([unknown.status, unknown.body]);
    expect((await visitor().get(`/emergency/${tokenOf(tag.url)}`)).status).toBe(404);

    // Another user can neither revoke nor re-issue it.
    const stranger = randomUUID();
    await expect(services.request(RecordsPatterns.revokeTag, tagRequest(stranger, orderId))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(services.request(RecordsPatterns.issueTag, tagRequest(stranger, orderId))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('shows the expired page when the owner has no active record', async () => {
    const { userId } = await owner();
    const tag = await services.request<IssuedTag>(RecordsPatterns.issueTag, tagRequest(userId, randomUUID()));
    const token = tokenOf(tag.url);

    const card = await visitor().get(`/api/emergency-card/${token}`);
    expect(card.body).toMatchObject({ statusCode: 410, message: RecordsMessages.cardExpired });
    const page = await visitor().get(`/emergency/${token}`);
    expect([page.status, page.location]).toEqual([303, '/expired']);
  });
});
