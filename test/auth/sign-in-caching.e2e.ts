import { signedInClient } from '../support/accounts.js';
import { HttpClient, uniqueEmail, waitForMailLink } from '../support/http-client.js';
import { consentForm } from './google-flow.js';

const noStore = (answer: { headers: Headers }) => answer.headers.get('cache-control');

describe('sign-in answers are never cached', () => {
  it('marks sign-in, registration, re-authentication, the current user and password resets no-store', async () => {
    const { client, email } = await signedInClient('no-store', 'right-pass');
    const answers = {
      login: await client.post('/api/auth/login', { email, password: 'right-pass' }),
      failedLogin: await new HttpClient().post('/api/auth/login', { email, password: 'wrong-pass' }),
      register: await new HttpClient().post('/api/auth/register', {
        firstName: 'N',
        lastName: 'S',
        email: uniqueEmail('no-store-new'),
        password: 'pass-word',
      }),
      reauth: await client.post('/api/auth/verify-password', { email, password: 'right-pass' }),
      currentUser: await client.get('/api/auth/user'),
      forgotPassword: await new HttpClient().post('/api/auth/forgot-password', { email }),
    };
    const token = new URL(await waitForMailLink(email, /Reset your/)).pathname.split('/').pop()!;
    const resetAnswers = {
      resetLink: await new HttpClient().get(`/api/auth/reset-password/${token}`),
      reset: await new HttpClient().post('/api/auth/reset-password', { token, password: 'new-pass' }),
    };
    const headers = Object.fromEntries(
      Object.entries({ ...answers, ...resetAnswers }).map(([name, answer]) => [name, noStore(answer)]),
    );
    expect(headers).toEqual(Object.fromEntries(Object.keys(headers).map((name) => [name, 'no-store'])));
  });

  it('marks the Google callback, which signs the browser in, no-store', async () => {
    const client = new HttpClient();
    const begin = await client.get('/api/auth/google');
    const authorize = new URL(begin.location!);
    const form = consentForm((await client.get(authorize.toString())).body as string);
    form.set('email', uniqueEmail('no-store-google'));
    form.set('decision', 'allow');
    const consent = await client.post(`${authorize.origin}/o/oauth2/v2/auth`, form.toString());
    const callback = new URL(consent.location!);
    const done = await client.get(`${callback.pathname}${callback.search}`);
    expect(done.status).toBe(302);
    expect(noStore(done)).toBe('no-store');
  });
});
