import { addToCart, cartLine, payWith, waitForOrders } from '../shop/shop-fixtures.js';
import { signedInClient } from '../support/accounts.js';
import { eventually } from '../support/eventually.js';
import { HttpClient, uniqueEmail } from '../support/http-client.js';
import { queryDatabase } from '../support/database.js';
import { medicalForm } from '../records/records-fixtures.js';

const database = () => ({ databaseUrl: process.env.E2E_DATABASE_URL ?? '' });

/** Every row of every table of the shop's and privacy's schemas, as text: what a database dump would show. */
async function dumpOf(schemas: string[]): Promise<string> {
  const tables = await queryDatabase<{ schema: string; name: string }>(
    database(),
    `select table_schema as schema, table_name as name from information_schema.tables
      where table_schema = any($1) and table_type = 'BASE TABLE'`,
    [schemas],
  );
  const rows = await Promise.all(
    tables.map(({ schema, name }) =>
      queryDatabase<{ row: string }>(database(), `select row_to_json(t)::text as row from "${schema}"."${name}" t`),
    ),
  );
  return rows
    .flat()
    .map(({ row }) => row)
    .join('\n')
    .toLowerCase();
}

/**
 * Whether the dump holds `secret` in clear. A number (a postal code) counts only standing alone: five digits occur by
 * chance inside the ids, hashes and timestamps of a whole run's rows (in hex, about once in 200 kB).
 */
function foundIn(dump: string, secret: string): boolean {
  if (!/^\d+$/.test(secret)) return dump.includes(secret.toLowerCase());
  return new RegExp(`(?<![0-9a-z])${secret}(?![0-9a-z])`).test(dump);
}

describe('personal data at rest in the shop and the audit log', () => {
  it('holds no buyer email, name or address, and no email typed into a form, in clear in any shop or privacy table', async () => {
    const { client, email } = await signedInClient('at-rest-buyer', 'at-rest-pass-1');
    expect((await client.post('/api/medical-records', medicalForm({ email }))).status).toBe(200);
    // A line shipping to a distinctive address, bought: a cart line, a checkout and an order.
    const { item } = await cartLine(client);
    const added = await client.post('/api/cart/add', {
      ...item,
      shippingAddressLine1: '17 Quillfeather Mews',
      shippingAddressLine2: 'Flat Zephyrine',
      shippingCity: 'Ravensmoor',
      shippingPostalCode: '97999',
    });
    expect(added.status).toBe(200);
    await addToCart(client, {});
    const checkout = await client.post('/api/cart/create-checkout-session', {});
    expect(checkout.status).toBe(200);
    expect((await payWith(client, checkout.body)).status).toBe(200);
    await waitForOrders(client, 2);
    // One more line left in the cart, and an address a stranger typed into forgot-password.
    await addToCart(client, {});
    const stranger = new HttpClient();
    const typed = uniqueEmail('typed-by-a-stranger');
    expect((await stranger.post('/api/auth/forgot-password', { email: typed })).status).toBe(200);
    expect((await stranger.post('/api/auth/forgot-password', { email })).status).toBe(200);
    await eventually(
      () =>
        queryDatabase<{ n: number }>(
          database(),
          `select count(*)::int as n from privacy.audit_log where ip = $1 and action = 'auth.password_reset.requested'`,
          [stranger.ip],
        ),
      ([row]) => row!.n === 2,
    );

    const dump = await dumpOf(['shop', 'privacy']);
    expect(dump).toContain('v1.');
    for (const secret of [
      email,
      email.split('@')[0]!,
      typed,
      typed.split('@')[0]!,
      'Okafor',
      'Amara',
      'Harbour Street',
      'Portland',
      '97201',
      'Quillfeather',
      'Zephyrine',
      'Ravensmoor',
      '97999',
    ]) {
      expect({ secret, found: foundIn(dump, secret) }).toEqual({ secret, found: false });
    }
  });
});
