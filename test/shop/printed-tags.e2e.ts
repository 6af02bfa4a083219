import { RecordsMessages } from '@medical-qr/contracts';
import { HttpClient } from '../support/http-client.js';
import { medicalForm } from '../records/records-fixtures.js';
import { cartLine, ordersOf, payWith, shopperClient, waitForOrders } from './shop-fixtures.js';

const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;
const cardOf = (token: string) => new HttpClient().get(`/api/emergency-card/${token}`);

describe('printed tags outlive a code', () => {
  it('open the owner’s current card, follow a replaced code, and stop one by one when revoked', async () => {
    const { client, email, token: firstCode } = await shopperClient('tags-owner');
    const { item } = await cartLine(client, { quantity: 2 });
    const checkout = await client.post('/api/cart/quick-checkout', { item });
    await payWith(client, checkout.body);
    const [order] = await waitForOrders(client, 1);
    const [first, second] = order!.tags.map((tag) => tokenOf(tag.url));
    expect(first).not.toBe(firstCode);

    const opened = await cardOf(first!);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ bloodGroup: 'AB-', allergies: 'Penicillin anaphylaxis; latex' });

    // A free member's new code replaces the old one: the keychain now opens the new card.
    const replaced = await client.post(
      '/api/medical-records',
      medicalForm({ email, bloodGroup: 'O+', allergies: 'Bee stings' }),
    );
    expect(replaced.status).toBe(200);
    expect((await cardOf(firstCode)).status).not.toBe(200);
    const followed = await cardOf(first!);
    expect(followed.status).toBe(200);
    expect(followed.body).toMatchObject({ bloodGroup: 'O+', allergies: 'Bee stings' });

    // One lost keychain: its tag answers like an unknown card, the other still opens.
    const revoked = await client.post(`/api/orders/${order!.id}/tags/0/revoke`, {});
    expect(revoked.status).toBe(200);
    expect(revoked.body.tags[0].revokedAt).toEqual(expect.any(String));
    expect(revoked.body.tags[1].revokedAt).toBeNull();
    const gone = await cardOf(first!);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(RecordsMessages.cardNotFound);
    expect((await cardOf(second!)).status).toBe(200);
    expect((await ordersOf(client))[0]!.tags.map((tag) => tag.revokedAt === null)).toEqual([false, true]);

    // The printed page of a revoked tag leads with the emergency number like any unknown card.
    const page = await new HttpClient().get(`/emergency/${first}`);
    expect(page.status).toBe(404);
  });

  it('refuses an item the order does not have', async () => {
    const { client } = await shopperClient('tags-range');
    const { item } = await cartLine(client);
    const checkout = await client.post('/api/cart/quick-checkout', { item });
    await payWith(client, checkout.body);
    const [order] = await waitForOrders(client, 1);
    for (const index of ['1', '9', '10', '-1', 'x']) {
      const refused = await client.post(`/api/orders/${order!.id}/tags/${index}/revoke`, {});
      expect([index, refused.status]).toEqual([index, 404]);
    }
  });
});
