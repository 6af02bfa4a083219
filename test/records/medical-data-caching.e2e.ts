import { signedInClient } from '../support/accounts.js';
import { HttpClient } from '../support/http-client.js';
import { medicalForm } from './records-fixtures.js';

describe('medical data is never stored by a cache', () => {
  it('answers every records endpoint with Cache-Control: no-store', async () => {
    const { client } = await signedInClient('no-store');
    const created = await client.post('/api/medical-records', medicalForm());
    expect(created.status).toBe(200);
    const id = created.body.id as string;
    for (const path of [
      '/api/medical-records',
      '/api/medical-records/active',
      '/api/medical-records/dashboard',
      `/api/medical-records/${id}`,
      `/api/medical-records/${id}/emergency-contacts`,
    ]) {
      const response = await client.get(path);
      expect({ path, status: response.status, cacheControl: response.headers.get('cache-control') }).toEqual({
        path,
        status: 200,
        cacheControl: 'no-store',
      });
    }
    expect(created.headers.get('cache-control')).toBe('no-store');
    const anonymous = await new HttpClient().post('/api/anonymous-medical-record', medicalForm());
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
  });

  it('answers no-store on refusals made before a handler runs (no session, a malformed body)', async () => {
    const signedOut = await new HttpClient().get('/api/medical-records');
    expect({ status: signedOut.status, cacheControl: signedOut.headers.get('cache-control') }).toEqual({
      status: 401,
      cacheControl: 'no-store',
    });
    const { client } = await signedInClient('no-store-refusal');
    const malformed = await client.request('PUT', '/api/medical-records/not-a-record', { firstName: 1 });
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get('cache-control')).toBe('no-store');
  });
});
