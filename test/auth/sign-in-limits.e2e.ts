import { signedInClient } from '../support/accounts.js';
import { HttpClient, uniqueEmail } from '../support/http-client.js';

/** How many of `results` answered each status. */
function tally(results: Array<{ status: number }>): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of results) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

function expectRefusedWithRetryAfter(results: Array<{ status: number; headers: Headers; body: any }>) {
  for (const refused of results.filter((r) => r.status === 429)) {
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800);
  }
}

describe('sign-in limits under parallel attempts', () => {
  it('checks at most 5 of 20 wrong passwords sent at once; the rest are 429 with Retry-After', async () => {
    const { client: owner, email } = await signedInClient('parallel', 'right-pass');
    const attacker = new HttpClient();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attacker.post('/api/auth/login', { email, password: `guess-${i}` })),
    );
    const counts = tally(results);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(5);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(20);
    expect(counts[429]).toBeGreaterThanOrEqual(15);
    expectRefusedWithRetryAfter(results);
    // Locked for this address even with the right password; the owner elsewhere is not.
    expect((await attacker.post('/api/auth/login', { email, password: 'right-pass' })).status).toBe(429);
    expect((await owner.get('/api/auth/user')).status).toBe(200);
    expect((await new HttpClient().post('/api/auth/login', { email, password: 'right-pass' })).status).toBe(200);
  });

  it('checks at most 5 of 20 wrong re-authentication passwords sent at once', async () => {
    const { client, email } = await signedInClient('parallel-reauth', 'right-pass');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => client.post('/api/auth/verify-password', { email, password: `guess-${i}` })),
    );
    const counts = tally(results);
    expect(counts[403] ?? 0).toBeLessThanOrEqual(5);
    expect((counts[403] ?? 0) + (counts[429] ?? 0)).toBe(20);
    expectRefusedWithRetryAfter(results);
    expect((await client.post('/api/auth/verify-password', { email, password: 'right-pass' })).status).toBe(429);
  });

  it('does not count a refusal that was not a wrong password, and a success clears the count', async () => {
    const { email } = await signedInClient('forgiven', 'right-pass');
    const client = new HttpClient();
    for (let i = 0; i < 4; i++) await client.post('/api/auth/login', { email, password: 'wrong-pass' });
    expect((await client.post('/api/auth/login', { email, password: 'right-pass' })).status).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await client.post('/api/auth/login', { email, password: 'wrong-pass' })).status).toBe(401);

    // Unverified accounts are refused with 403 whatever the count: those answers give nothing back to count.
    const unverified = new HttpClient();
    const fresh = uniqueEmail('unverified');
    await unverified.post('/api/auth/register', {
      firstName: 'U',
      lastName: 'V',
      email: fresh,
      password: 'right-pass',
    });
    const answers = [];
    for (let i = 0; i < 8; i++)
      answers.push((await unverified.post('/api/auth/login', { email: fresh, password: 'right-pass' })).status);
    expect(answers).toEqual(Array(8).fill(403));
  });
});
