import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { signedInClient } from '../support/accounts.js';
import { HttpClient, uniqueEmail } from '../support/http-client.js';
import { consentForm, signInWithGoogle } from './google-flow.js';

describe('Google sign-in through the local stand-in', () => {
  it('signs in a new person, returns to the requested page, and treats them as a Google-only account', async () => {
    const client = new HttpClient();
    const email = uniqueEmail('google');
    expect(await signInWithGoogle(client, email, '/api/auth/google?redirect=/history')).toBe('/history');

    const me = await client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email,
      firstName: 'Jordan',
      lastName: 'Lee',
      hasGoogle: true,
      hasPassword: false,
      emailVerified: true,
    });

    const withPassword = await client.post('/api/auth/verify-password', { email, password: 'anything' });
    expect(withPassword.status).toBe(400);
    expect(withPassword.body.code).toBe('OAUTH_NO_PASSWORD');
    // Signed in through Google moments ago: that counts as re-authentication.
    const confirmed = await client.post('/api/auth/confirm-oauth-reauth', {});
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.verified).toBe(true);

    // Signing in again finds the same account.
    const again = new HttpClient();
    await signInWithGoogle(again, email, '/api/auth/google');
    expect((await again.get('/api/auth/user')).body.id).toBe(me.body.id);
  });

  it('re-authenticates the signed-in person through Google, asking Google to sign them in again', async () => {
    const client = new HttpClient();
    const email = uniqueEmail('google-reauth');
    await signInWithGoogle(client, email, '/api/auth/google');
    const session = (await client.get('/api/auth/user')).body;

    const begin = await client.get('/api/auth/google?reauth=1&redirect=/privacy');
    const authorize = new URL(begin.location!);
    expect([authorize.searchParams.get('prompt'), authorize.searchParams.get('max_age')]).toEqual(['login', '0']);
    expect(await signInWithGoogle(client, email, '/api/auth/google?reauth=1&redirect=/privacy')).toBe('/privacy');

    const after = (await client.get('/api/auth/user')).body;
    // The same account and session, now re-authenticated for 10 minutes.
    expect(after.id).toBe(session.id);
    expect(Date.parse(after.reauthenticatedUntil)).toBeGreaterThan(Date.now() + 9 * 60 * 1000);
  });

  it('links Google to a verified password account with the same email, keeping its password and names', async () => {
    const { client, email } = await signedInClient('linked', 'secret-1');
    await signInWithGoogle(client, email, '/api/auth/google?redirect=/my-account');
    expect((await client.get('/api/auth/user')).body).toMatchObject({
      email,
      firstName: 'Amara',
      hasGoogle: true,
      hasPassword: true,
    });
    expect((await new HttpClient().post('/api/auth/login', { email, password: 'secret-1' })).status).toBe(200);
  });

  it('takes an account whose email was never verified from whoever registered it: their password and sessions stop working', async () => {
    const email = uniqueEmail('planted');
    const stranger = new HttpClient();
    const registered = await stranger.post('/api/auth/register', {
      firstName: 'Mallory',
      lastName: 'Planted',
      email,
      password: 'stranger-pass',
      phoneNumber: '+1 555 0199',
    });
    expect(registered.status).toBe(201);
    const plantedSession = await plantSession(registered.body.user.id);

    const owner = new HttpClient();
    await signInWithGoogle(owner, email, '/api/auth/google?redirect=/my-account');
    expect((await owner.get('/api/auth/user')).body).toMatchObject({
      email,
      firstName: 'Jordan',
      lastName: 'Lee',
      phoneNumber: null,
      hasGoogle: true,
      hasPassword: false,
      emailVerified: true,
    });

    const strangerLogin = await new HttpClient().post('/api/auth/login', { email, password: 'stranger-pass' });
    expect(strangerLogin.status).toBe(401);
    expect(await plantedSession.alive()).toBe(false);
    // The owner's own Google session lives on.
    expect((await owner.get('/api/auth/user')).status).toBe(200);
  });

  it('never redirects off the site, and refuses a callback whose state the browser did not start', async () => {
    const client = new HttpClient();
    for (const hostile of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      const location = await signInWithGoogle(
        client,
        uniqueEmail('redirect'),
        `/api/auth/google?redirect=${encodeURIComponent(hostile)}`,
      );
      expect(location).toBe('/');
    }

    const victim = new HttpClient();
    const attacker = new HttpClient();
    const begin = await attacker.get('/api/auth/google');
    const state = new URL(begin.location!).searchParams.get('state');
    const forged = await victim.get(`/api/auth/google/callback?code=whatever&state=${state}`);
    expect(forged.status).toBe(302);
    expect(forged.location).toBe('/?login=true&error=google_expired');
    expect((await victim.get('/api/auth/user')).status).toBe(401);
  });

  it('returns to the sign-in dialog when the person cancels at Google', async () => {
    const client = new HttpClient();
    const begin = await client.get('/api/auth/google');
    const authorize = new URL(begin.location!);
    const form = consentForm((await client.get(authorize.toString())).body as string);
    form.set('decision', 'cancel');
    const cancel = await client.post(`${authorize.origin}/o/oauth2/v2/auth`, form.toString());
    const callback = new URL(cancel.location!);
    const done = await client.get(`${callback.pathname}${callback.search}`);
    expect(done.location).toBe('/?login=true&error=google_cancelled');
  });
});

/**
 * A session of the account as the gateway stores it (one held, say, from before email verification was required):
 * the test cannot sign its cookie, so it watches the stored session itself.
 */
async function plantSession(userId: string) {
  const prefix = process.env.E2E_REDIS_PREFIX!;
  const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  const id = randomBytes(32).toString('base64url');
  try {
    await redis
      .multi()
      .set(
        `${prefix}:session:${id}`,
        JSON.stringify({ userId, createdAt: Date.now(), authMethod: 'password' }),
        'EX',
        3600,
      )
      .sadd(`${prefix}:user-sessions:${userId}`, id)
      .exec();
  } finally {
    redis.disconnect();
  }
  return {
    alive: async () => {
      const reader = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
      try {
        return (await reader.exists(`${prefix}:session:${id}`)) === 1;
      } finally {
        reader.disconnect();
      }
    },
  };
}
