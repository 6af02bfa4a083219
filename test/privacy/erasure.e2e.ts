import { createHash } from 'node:crypto';
import type { Order } from '@medical-qr/contracts';
import { medicalForm, RESPONDER_PHONE } from '../records/records-fixtures.js';
import { addToCart, payWith, waitForOrders } from '../shop/shop-fixtures.js';
import { signedInClient } from '../support/accounts.js';
import { eventually } from '../support/eventually.js';
import { HttpClient, mailTo } from '../support/http-client.js';
import { Redis } from 'ioredis';
import { queryDatabase } from '../support/database.js';
import { sharedPaymentSystem, stripeAdmin, subscribeWithCard } from '../support/stripe-payments.js';

const PASSWORD = 'erasure-pass-1';
const SCHEMAS = ['identity', 'records', 'billing', 'shop', 'privacy'];
const database = () => ({ databaseUrl: process.env.E2E_DATABASE_URL ?? '' });

/** Every row of every table of every service's schema, as text: what a database dump would show. */
async function everyRow(): Promise<Array<{ table: string; row: string }>> {
  const tables = await queryDatabase<{ schema: string; name: string }>(
    database(),
    'select table_schema as schema, table_name as name from information_schema.tables where table_schema = any($1)',
    [SCHEMAS],
  );
  const rows = await Promise.all(
    tables.map(async ({ schema, name }) =>
      (
        await queryDatabase<{ row: string }>(
          database(),
          `select row_to_json(t)::text as row from "${schema}"."${name}" t`,
        )
      ).map(({ row }) => ({ table: `${schema}.${name}`, row })),
    ),
  );
  return rows.flat();
}

/** The keys under the system's Redis prefix whose value (of whatever type) holds `needle`. */
async function redisKeysNaming(needle: string): Promise<string[]> {
  const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  try {
    const named: string[] = [];
    const keys = await redis.keys(`${process.env.E2E_REDIS_PREFIX}:*`);
    for (const key of keys) {
      const type = await redis.type(key);
      const value =
        type === 'string'
          ? await redis.get(key)
          : type === 'hash'
            ? await redis.hgetall(key)
            : type === 'list'
              ? await redis.lrange(key, 0, -1)
              : type === 'set'
                ? await redis.smembers(key)
                : type === 'zset'
                  ? await redis.zrange(key, '0', '-1')
                  : type === 'stream'
                    ? await redis.xrange(key, '-', '+')
                    : null;
      if (JSON.stringify(value).toLowerCase().includes(needle.toLowerCase())) named.push(key);
    }
    return named;
  } finally {
    redis.disconnect();
  }
}

/** The pseudonym the audit trail of an erased person is kept under (privacy's erased_subjects). */
async function pseudonymOf(userId: string): Promise<string | undefined> {
  const hash = createHash('sha256').update(`erased-subject:${userId}`).digest('hex');
  const [subject] = await queryDatabase<{ pseudonym: string }>(
    database(),
    'select pseudonym from privacy.erased_subjects where subject_hash = $1',
    [hash],
  );
  return subject?.pseudonym;
}

describe('erasing a person (privacy saga)', () => {
  it('erases everything everywhere at once: no sign-in, no card or tag, nothing in any table, the subscription cancelled', async () => {
    const { client, email } = await signedInClient('erasure-all', PASSWORD);
    const userId = (await client.get('/api/auth/user')).body.id as string;
    // Premium on Stripe, a code, a paid order with its printed tags, a line in the cart, a consent change.
    const { confirmation } = await subscribeWithCard(client);
    expect(confirmation.status).toBe(200);
    await client.post('/api/activate-premium', {});
    const record = await client.post('/api/medical-records', medicalForm({ email }));
    expect(record.status).toBe(200);
    await addToCart(client);
    const checkout = await client.post('/api/cart/create-checkout-session', {});
    expect((await payWith(client, checkout.body)).status).toBe(200);
    const [order] = (await waitForOrders(client, 1)) as Order[];
    const tag = order!.tags[0]!;
    await addToCart(client);
    expect((await client.post('/api/auth/verify-password', { email, password: PASSWORD })).status).toBe(200);
    await client.post('/api/privacy/revoke-consent', { reason: 'before leaving' });
    await client.post('/api/privacy/give-consent', {});

    const [{ stripe_customer_id: customerId, stripe_subscription_id: subscriptionId }] = await queryDatabase<{
      stripe_customer_id: string;
      stripe_subscription_id: string;
    }>(database(), 'select stripe_customer_id, stripe_subscription_id from billing.subscriptions where user_id = $1', [
      userId,
    ]);
    const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
    const visitor = new HttpClient();
    const phone = { 'user-agent': RESPONDER_PHONE };
    expect((await visitor.get(`/api/emergency-card/${record.body.token}`, phone)).status).toBe(200);
    expect((await visitor.get(`/api/emergency-card/${tokenOf(tag.url)}`, phone)).status).toBe(200);
    // The scan alert was mailed: its finished job is what Redis would keep about the person.
    await eventually(
      () => mailTo(email),
      (mails) => mails.some((mail) => mail.subject === 'Your emergency medical card was just opened'),
      30_000,
    );

    const erased = await client.post('/api/privacy/request-deletion', { reason: 'Leaving', immediate: true });
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({ status: 'requested' });

    // The saga runs at once: the session ends, and the account no longer signs in.
    await eventually(
      () => client.get('/api/auth/user'),
      (reply) => reply.status === 401,
      30_000,
    );
    const signIn = await new HttpClient().post('/api/auth/login', { email, password: PASSWORD });
    expect(signIn.status).toBe(401);
    expect((await visitor.get(`/api/emergency-card/${record.body.token}`)).status).toBe(404);
    expect((await visitor.get(`/api/emergency-card/${tokenOf(tag.url)}`)).status).toBe(404);

    // The subscription is cancelled at the provider, so nothing more is charged.
    const subscription = await stripeAdmin(sharedPaymentSystem()).subscriptions.retrieve(subscriptionId);
    expect(subscription.status).toBe('canceled');

    // No table of any service holds the person: not their id, email or customer id.
    const pseudonym = await eventually(() => pseudonymOf(userId), Boolean);
    const leftovers = (await everyRow()).filter(({ row }) =>
      [userId, email, customerId].some((needle) => row.includes(needle)),
    );
    expect(leftovers).toEqual([]);
    // The address gets one last mail saying so; its subject names no one.
    const [farewell, ...more] = await eventually(
      async () => (await mailTo(email)).filter((mail) => mail.subject === 'Your Medical QR account was deleted'),
      (mails) => mails.length > 0,
      30_000,
    );
    expect(more).toEqual([]);
    expect(farewell!.text).toContain('Your account and data were deleted');
    expect(farewell!.text).toContain('subscription was cancelled');
    expect(farewell!.text).toContain('Past orders are kept for our accounts, without your name, email or address.');
    // Once it is gone, nor does Redis: no queue job, counter or session of the system names them.
    expect(
      await eventually(
        () => redisKeysNaming(email),
        (keys) => keys.length === 0,
        10_000,
      ),
    ).toEqual([]);

    // The order stays for the accounts, without anyone's name or address on it.
    const [kept] = await queryDatabase<Record<string, string>>(
      database(),
      'select user_id, buyer_email, buyer_name, address_line1, city, postal_code, total_price from shop.orders where id = $1',
      [order!.id],
    );
    expect(kept).toMatchObject({
      user_id: '00000000-0000-0000-0000-000000000000',
      buyer_email: '',
      buyer_name: '',
      address_line1: '',
      city: '',
      postal_code: '',
      total_price: order!.totalPrice,
    });

    // The audit trail stays, under the pseudonym: what happened, not to whom.
    const trail = await eventually(
      () =>
        queryDatabase<{ action: string; email: string | null }>(
          database(),
          'select action, email from privacy.audit_log where user_id = $1 order by id',
          [pseudonym],
        ),
      (rows) => rows.some((row) => row.action === 'privacy.deletion.requested'),
    );
    expect(trail.map((row) => row.action)).toEqual(
      expect.arrayContaining([
        'auth.registered',
        'privacy.consent.revoked',
        'privacy.deletion.requested',
        'privacy.erasure.completed',
      ]),
    );
    expect(trail.every((row) => row.email === null)).toBe(true);
  }, 120_000);

  it('keeps everything while a scheduled deletion waits, and erases nothing once it is cancelled', async () => {
    const { client, email } = await signedInClient('erasure-scheduled', PASSWORD);
    const record = await client.post('/api/medical-records', medicalForm({ email }));
    expect((await client.post('/api/auth/verify-password', { email, password: PASSWORD })).status).toBe(200);
    expect((await client.post('/api/privacy/request-deletion', {})).status).toBe(200);
    expect((await client.post('/api/privacy/cancel-deletion', {})).status).toBe(200);
    expect((await client.get('/api/auth/user')).status).toBe(200);
    expect((await new HttpClient().get(`/api/emergency-card/${record.body.token}`)).status).toBe(200);
  });
});
