import { SignInLanding } from '@medical-qr/contracts';
import { api } from '../support/api.js';
import { HttpClient, uniqueEmail, waitForMailLink } from '../support/http-client.js';
import { signInWithGoogle } from './google-flow.js';

const tokenOf = (link: string) => new URL(link).pathname.split('/').pop()!;

async function registerUnverified(client: HttpClient, email: string, password = 'landing-pass') {
  const registered = await client.post('/api/auth/register', {
    firstName: 'Noor',
    lastName: 'Haddad',
    email,
    password,
  });
  expect(registered.status).toBe(201);
  return tokenOf(await waitForMailLink(email, /Confirm your email/));
}

describe('where sign-in links land', () => {
  it('prefills the verified address through a short-lived cookie, never the URL, and says so when the link is followed again', async () => {
    const client = new HttpClient();
    const email = uniqueEmail('noor');
    const token = await registerUnverified(client, email);

    const first = await client.get(`/api/auth/verify-email/${token}`);
    expect(first.location).toBe('/?login=true&verified=1');
    expect(first.location).not.toContain(encodeURIComponent(email));
    const hint = first.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SignInLanding.emailHintCookie}=`));
    expect(hint).toBeDefined();
    expect(decodeURIComponent(hint!.split(';')[0]!.split('=')[1]!)).toBe(email);
    expect(hint).toMatch(/Max-Age=300/);
    expect(hint).toMatch(/SameSite=Lax/i);
    expect(hint).not.toMatch(/HttpOnly/i);

    // The same link again, from another browser: the account is verified, which is not an error.
    const again = await new HttpClient().get(`/api/auth/verify-email/${token}`);
    expect(again.location).toBe('/?login=true&verified=already');
    expect(again.headers.getSetCookie().some((cookie) => cookie.includes(encodeURIComponent(email)))).toBe(true);
  });

  it('still calls an unknown verification link unusable', async () => {
    const unknown = await new HttpClient().get(`/api/auth/verify-email/${'x'.repeat(43)}`);
    expect(unknown.location).toBe('/?login=true&error=verification_link_used');
    expect(unknown.headers.getSetCookie().some((cookie) => cookie.startsWith(SignInLanding.emailHintCookie))).toBe(
      false,
    );
  });

  it('tells a first sign-in from a returning one', async () => {
    const client = new HttpClient();
    const email = uniqueEmail('first');
    await client.get(`/api/auth/verify-email/${await registerUnverified(client, email)}`);

    const first = await client.post('/api/auth/login', { email, password: 'landing-pass' });
    expect(first.status).toBe(200);
    expect(first.body.firstSignIn).toBe(true);
    const second = await new HttpClient().post('/api/auth/login', { email, password: 'landing-pass' });
    expect(second.body.firstSignIn).toBe(false);
  });

  it('leaves a welcome for the page a Google sign-in returns to: new the first time, back after that', async () => {
    const email = uniqueEmail('google-welcome');
    const firstClient = new HttpClient();
    expect(await signInWithGoogle(firstClient, email, '/api/auth/google?redirect=/history')).toBe('/history');
    expect(firstClient.cookies.get(SignInLanding.welcomeCookie)).toBe(SignInLanding.welcomeNew);

    const laterClient = new HttpClient();
    expect(await signInWithGoogle(laterClient, email, '/api/auth/google')).toBe('/');
    expect(laterClient.cookies.get(SignInLanding.welcomeCookie)).toBe(SignInLanding.welcomeBack);
  });
});

describe('GET /api/auth/reset-password/{token}', () => {
  it('accepts a fresh reset link without using it, and refuses it once used', async () => {
    const client = new HttpClient();
    const email = uniqueEmail('reset-check');
    await client.get(`/api/auth/verify-email/${await registerUnverified(client, email)}`);
    expect((await client.post('/api/auth/forgot-password', { email })).status).toBe(200);
    const token = tokenOf(await waitForMailLink(email, /Reset your/));

    // Checking twice leaves the link usable.
    for (let check = 0; check < 2; check += 1) {
      const status = await client.get(`/api/auth/reset-password/${token}`);
      expect(status.status).toBe(200);
      expect(status.body).toEqual({ valid: true });
    }
    expect((await client.post('/api/auth/reset-password', { token, password: 'brand-new-pass' })).status).toBe(200);

    const used = await client.get(`/api/auth/reset-password/${token}`);
    expect(used.status).toBe(410);
    expect(used.body).toMatchObject({
      code: 'GONE',
      message: 'This reset link may have expired or is invalid. Please request a new one.',
    });
  });

  it('answers 410 with the same message for unknown and malformed tokens', async () => {
    for (const token of ['A'.repeat(43), 'short', `${'b'.repeat(43)}%3Cscript%3E`]) {
      const answer = await api(`/api/auth/reset-password/${token}`);
      expect({ token, status: answer.status, message: answer.body.message }).toEqual({
        token,
        status: 410,
        message: 'This reset link may have expired or is invalid. Please request a new one.',
      });
    }
  });
});
