import { ShopMessages } from '@medical-qr/contracts';
import { signedInClient } from '../support/accounts.js';
import { HttpClient } from '../support/http-client.js';
import { firstChoice, Keychain } from './shop-fixtures.js';

describe('who may use the cart, mockups and orders', () => {
  it('answers 401 to a visitor on every signed-in shop route', async () => {
    const visitor = new HttpClient();
    const id = '00000000-0000-4000-8000-000000000000';
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/cart'],
      ['GET', '/api/cart/count'],
      ['GET', `/api/cart/${id}`],
      ['POST', '/api/cart/add', {}],
      ['PATCH', `/api/cart/${id}`, { quantity: 2 }],
      ['DELETE', `/api/cart/${id}`],
      ['POST', '/api/cart/quick-checkout', {}],
      ['POST', '/api/cart/create-checkout-session', {}],
      ['POST', '/api/printify/generate-mockup', {}],
      ['POST', '/api/printify/generate-mockup-with-tag', {}],
      ['POST', '/api/printify/cleanup-mockups', {}],
      ['GET', '/api/orders/user'],
      ['POST', `/api/orders/${id}/sync-status`, {}],
      ['POST', `/api/orders/${id}/tags/0/revoke`, {}],
    ];
    for (const [method, path, body] of calls) {
      const response = await visitor.request(method, path, body);
      expect([method, path, response.status]).toEqual([method, path, 401]);
    }
  });

  it('refuses mockups and ordering without an active code, saying what to do', async () => {
    const { client } = await signedInClient('no-code');
    const choice = await firstChoice(client, Keychain.blueprintId);
    const mockup = await client.post('/api/printify/generate-mockup', { ...choice, scale: 0.5 });
    expect(mockup.status).toBe(403);
    expect(mockup.body.message).toBe(ShopMessages.activeRecordRequired);
  });
});
