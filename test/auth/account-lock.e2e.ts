import { signedInClient } from '../support/accounts.js';
import { HttpClient, mailTo, randomClientIp, waitForMailLink } from '../support/http-client.js';

const LOCK_MAIL = /Sign-in to your Medical QR account was paused/;

/** How many of `statuses` are each status. */
function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** `guesses` wrong passwords from each of `addresses` new addresses, one address after the other. */
async function guessFromManyAddresses(email: string, addresses: number, guesses: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let a = 0; a < addresses; a++) {
    const client = new HttpClient();
    for (let g = 0; g < guesses; g++)
      statuses.push((await client.post('/api/auth/login', { email, password: `guess-${a}-${g}` })).status);
  }
  return statuses;
}

describe('password guessing from many addresses', () => {
  it('pauses password sign-in for the account after 20 wrong guesses from anywhere, tells the owner once, and a reset lets them in', async () => {
    const { email } = await signedInClient('many-addresses', 'right-pass');
    const statuses = await guessFromManyAddresses(email, 20, 5);
    expect(tally(statuses)).toEqual({ 401: 20, 429: 80 });

    // The right password from an address that never guessed waits too: the guesser could be anywhere.
    const refused = await new HttpClient().post('/api/auth/login', { email, password: 'right-pass' });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');

    // The owner is told once, with the way in.
    const notice = await waitForMailLink(email, LOCK_MAIL);
    expect(notice).toMatch(/\/\?login=true$/);
    expect((await mailTo(email)).filter((mail) => LOCK_MAIL.test(mail.subject))).toHaveLength(1);

    const owner = new HttpClient();
    await owner.post('/api/auth/forgot-password', { email });
    const token = new URL(await waitForMailLink(email, /Reset your/)).pathname.split('/').pop()!;
    expect((await owner.post('/api/auth/reset-password', { token, password: 'new-pass' })).status).toBe(200);
    expect((await owner.post('/api/auth/login', { email, password: 'new-pass' })).status).toBe(200);
    expect((await new HttpClient().post('/api/auth/login', { email, password: 'new-pass' })).status).toBe(200);
    expect((await mailTo(email)).filter((mail) => LOCK_MAIL.test(mail.subject))).toHaveLength(1);
  });

  it('counts two IPv6 addresses of one /64 as one address', async () => {
    const { email } = await signedInClient('ipv6-prefix', 'right-pass');
    const prefix = randomClientIp().split('::')[0]!;
    const first = new HttpClient(`${prefix}::1`);
    for (let i = 0; i < 5; i++)
      expect((await first.post('/api/auth/login', { email, password: `wrong-${i}` })).status).toBe(401);
    const neighbour = new HttpClient(`${prefix}::2`);
    expect((await neighbour.post('/api/auth/login', { email, password: 'wrong-again' })).status).toBe(429);
    expect((await neighbour.post('/api/auth/login', { email, password: 'right-pass' })).status).toBe(429);
    // Another /64 is another address.
    expect((await new HttpClient().post('/api/auth/login', { email, password: 'right-pass' })).status).toBe(200);
  });

  it('pauses re-authentication for the user after 20 wrong passwords from any addresses', async () => {
    const { client, email } = await signedInClient('reauth-addresses', 'right-pass');
    const statuses: number[] = [];
    for (let address = 0; address < 5; address++) {
      const from = { 'x-forwarded-for': randomClientIp() };
      for (let i = 0; i < 5; i++)
        statuses.push(
          (await client.post('/api/auth/verify-password', { email, password: `guess-${address}-${i}` }, from)).status,
        );
    }
    expect(tally(statuses)).toEqual({ 403: 20, 429: 5 });
    const fresh = { 'x-forwarded-for': randomClientIp() };
    expect((await client.post('/api/auth/verify-password', { email, password: 'right-pass' }, fresh)).status).toBe(429);
  });
});
