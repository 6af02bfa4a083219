import { RecordsMessages } from '@medical-qr/contracts';
import { HttpClient } from '../support/http-client.js';
import { medicalForm } from './records-fixtures.js';

/** Sends `count` requests one after another and answers their statuses. */
async function statusesOf(count: number, send: (i: number) => Promise<{ status: number }>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await send(i)).status);
  return statuses;
}

describe('the emergency card is never refused to a responder', () => {
  it('opens a valid card 200 times from an address that exhausted sign-in, registration and anonymous creation', async () => {
    const token = (await new HttpClient().post('/api/anonymous-medical-record', medicalForm())).body.token as string;
    // One address shared by many people (a hospital's Wi-Fi, a carrier's NAT), flooded by other public requests.
    const shared = new HttpClient();
    const floods = {
      signIn: await statusesOf(101, () => shared.post('/api/auth/login', {})),
      registration: await statusesOf(101, () => shared.post('/api/auth/register', {})),
      anonymousCreation: await statusesOf(101, () => shared.post('/api/anonymous-medical-record', {})),
    };
    for (const [family, statuses] of Object.entries(floods)) {
      expect({ family, first100: [...new Set(statuses.slice(0, 100))], last: statuses[100] }).toEqual({
        family,
        first100: [400],
        last: 429,
      });
    }
    // Page loads ask who is signed in; they are never counted.
    expect(new Set(await statusesOf(120, () => shared.get('/api/auth/user')))).toEqual(new Set([401]));

    const reads = await statusesOf(200, () => shared.get(`/api/emergency-card/${token}`));
    expect(reads.filter((status) => status !== 200)).toEqual([]);
    expect((await shared.get(`/api/emergency/${token}`)).status).toBe(200);
  });

  it('counts misses per address: the 101st unknown or malformed token is 429, and a valid card still opens', async () => {
    const token = (await new HttpClient().post('/api/anonymous-medical-record', medicalForm())).body.token as string;
    const scanner = new HttpClient();
    const misses = await statusesOf(101, (i) =>
      scanner.get(i % 2 ? '/api/emergency-card/AAAAAAAAAAAAAAAAAAAAAA' : `/api/emergency/not-a-token-${i}`),
    );
    expect([...new Set(misses.slice(0, 100))]).toEqual([404]);
    const limited = await scanner.get('/api/emergency-card/BBBBBBBBBBBBBBBBBBBBBB');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('cache-control')).toBe('no-store');

    const card = await scanner.get(`/api/emergency-card/${token}`);
    expect(card.status).toBe(200);
    expect(card.body.emergencyContacts).toHaveLength(1);
    // Another address is not affected by this one's misses.
    const elsewhere = await new HttpClient().get('/api/emergency-card/AAAAAAAAAAAAAAAAAAAAAA');
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.message).toBe(RecordsMessages.cardNotFound);
  });
});
