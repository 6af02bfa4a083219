import { currentUserSchema } from '@medical-qr/contracts';
import { HttpClient, uniqueEmail, waitForMailLink } from '../support/http-client.js';
import { signInWithGoogle } from './google-flow.js';

/** The body is exactly a CurrentUser (no field missing, none extra) with these values. */
function expectCurrentUser(body: unknown, expected: Record<string, unknown>) {
  expect(currentUserSchema.strict().safeParse(body).error?.issues ?? []).toEqual([]);
  expect(body).toMatchObject(expected);
}

describe('every sign-in answers the same CurrentUser, with how the session was signed in', () => {
  it('registration, password sign-in and GET /api/auth/user', async () => {
    const client = new HttpClient();
    const email = uniqueEmail('current');
    const registered = await client.post('/api/auth/register', {
      firstName: 'Ada',
      lastName: 'Byron',
      email,
      password: 'current-pass',
    });
    expect(registered.status).toBe(201);
    expectCurrentUser(registered.body.user, {
      email,
      isPremium: false,
      authMethod: 'password',
      reauthenticatedUntil: null,
    });

    const token = new URL(await waitForMailLink(email, /Confirm your email/)).pathname.split('/').pop()!;
    await client.get(`/api/auth/verify-email/${token}`);
    const login = await client.post('/api/auth/login', { email, password: 'current-pass' });
    expect(login.status).toBe(200);
    expectCurrentUser(login.body.user, { email, emailVerified: true, isPremium: false, authMethod: 'password' });

    const me = await client.get('/api/auth/user');
    expect(me.body).toEqual(login.body.user);

    const reauth = await client.post('/api/auth/verify-password', { email, password: 'current-pass' });
    expect((await client.get('/api/auth/user')).body.reauthenticatedUntil).toBe(reauth.body.reauthenticatedUntil);
  });

  it('demo sign-in', async () => {
    const client = new HttpClient();
    const demo = await client.post('/api/auth/demo-login');
    expect(demo.status).toBe(200);
    expectCurrentUser(demo.body.user, { email: 'demo@medicalqr.local', isPremium: false, authMethod: 'demo' });
    expect((await client.get('/api/auth/user')).body).toEqual(demo.body.user);
  });

  it('Google sign-in', async () => {
    const client = new HttpClient();
    const email = uniqueEmail('google-current');
    await signInWithGoogle(client, email, '/api/auth/google');
    const me = await client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expectCurrentUser(me.body, { email, hasGoogle: true, isPremium: false, authMethod: 'google' });
  });
});
