import { baseUrl } from '../support/api.js';
import { signedInClient } from '../support/accounts.js';
import { HttpClient } from '../support/http-client.js';

const FOREIGN = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };

describe('state-changing requests must come from the app itself', () => {
  it('refuses a cross-site demo sign-in with 403 and no session cookie', async () => {
    for (const headers of <Array<Record<string, string>>>[
      FOREIGN,
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ]) {
      const client = new HttpClient();
      const forged = await client.post('/api/auth/demo-login', undefined, headers);
      expect({ headers, status: forged.status }).toEqual({ headers, status: 403 });
      expect(forged.body).toEqual({
        statusCode: 403,
        code: 'FORBIDDEN',
        message:
          'This request came from another website and was refused. Changes can only be made from the Medical QR app itself.',
      });
      expect(forged.headers.getSetCookie()).toEqual([]);
      expect((await client.get('/api/auth/user')).status).toBe(401);
    }
  });

  it('accepts the same origin, a same-origin fetch, and clients that send neither header', async () => {
    for (const headers of <Array<Record<string, string>>>[
      { origin: baseUrl(), 'sec-fetch-site': 'same-origin' },
      { origin: baseUrl() },
      { 'sec-fetch-site': 'same-origin' },
      // A form posted from a page that sends no referrer (the card's): the browser says Origin null.
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
      {},
    ]) {
      const client = new HttpClient();
      const demo = await client.post('/api/auth/demo-login', undefined, headers);
      expect({ headers, status: demo.status }).toEqual({ headers, status: 200 });
      expect((await client.get('/api/auth/user')).status).toBe(200);
    }
  });

  it('refuses cross-site changes to a signed-in user’s data and session', async () => {
    const { client } = await signedInClient('csrf');
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await client.request('DELETE', `/api/medical-records/${id}`, undefined, FOREIGN)).status).toBe(403);
    expect((await client.post('/api/auth/logout', undefined, FOREIGN)).status).toBe(403);
    expect((await client.get('/api/auth/user')).status).toBe(200);
    // Reading stays open to the app's own pages and to links.
    expect((await client.get('/api/medical-records', { 'sec-fetch-site': 'cross-site' })).status).toBe(200);
  });

  it('signs out on GET /api/logout only when the navigation did not start on another site', async () => {
    const { client } = await signedInClient('logout-link');
    const crossSite = await client.get('/api/logout', { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(302);
    expect(crossSite.location).toBe('/');
    expect(crossSite.headers.getSetCookie()).toEqual([]);
    expect((await client.get('/api/auth/user')).status).toBe(200);

    const typed = await client.get('/api/logout', { 'sec-fetch-site': 'none' });
    expect(typed.location).toBe('/');
    expect((await client.get('/api/auth/user')).status).toBe(401);

    for (const fetchSite of ['same-origin', 'same-site']) {
      const { client: other } = await signedInClient('logout-own');
      await other.get('/api/logout', { 'sec-fetch-site': fetchSite });
      expect({ fetchSite, status: (await other.get('/api/auth/user')).status }).toEqual({ fetchSite, status: 401 });
    }
    const { client: plain } = await signedInClient('logout-plain');
    await plain.get('/api/logout');
    expect((await plain.get('/api/auth/user')).status).toBe(401);
  });
});
