import { randomUUID } from 'node:crypto';
import { ErrorCodes } from '@medical-qr/contracts';
import { signedInClient } from '../support/accounts.js';
import { medicalForm } from './records-fixtures.js';

const LIST = '/api/medical-records';
/** USER_WRITES_PER_MINUTE in the gateway. */
const WRITES_PER_MINUTE = 30;

describe('signed-in writes are limited per account', () => {
  it(`answers the ${WRITES_PER_MINUTE + 1}st write of a minute 429 with Retry-After, whichever write it is; reads and other accounts go on`, async () => {
    const { client } = await signedInClient('writer');
    const { client: neighbour } = await signedInClient('writer-neighbour');

    // Writes that named nothing real (a bad form, a record that is not there) store nothing and are not counted.
    for (let i = 0; i < 5; i++) {
      expect((await client.post(LIST, { firstName: 'only' })).status).toBe(400);
      expect((await client.request('DELETE', `${LIST}/${randomUUID()}`)).status).toBe(404);
    }

    const statuses: number[] = [];
    let active = '';
    for (let i = 0; i < WRITES_PER_MINUTE; i++) {
      // Creating, editing and deleting share one bucket.
      const response =
        i % 3 === 0
          ? await client.post(LIST, medicalForm())
          : i % 3 === 1
            ? await client.request('PUT', `${LIST}/${active}`, medicalForm({ allergies: `edit ${i}` }))
            : await client.request('DELETE', `${LIST}/${active}`);
      if (i % 3 === 0) active = response.body.id;
      statuses.push(response.status);
    }
    expect(new Set(statuses)).toEqual(new Set([200]));

    for (const write of [
      () => client.post(LIST, medicalForm()),
      () => client.request('PUT', `${LIST}/${active}`, medicalForm()),
      () => client.request('DELETE', `${LIST}/${active}`),
    ]) {
      const refused = await write();
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe(ErrorCodes.RATE_LIMITED);
      expect(refused.body.message).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }

    expect((await client.get(LIST)).status).toBe(200);
    expect((await neighbour.post(LIST, medicalForm())).status).toBe(200);
  });
});
