import { loadSandboxConfig } from '../config.js';
import { startSandboxes, type RunningSandboxes } from '../server.js';
import { stableSub } from './identity.js';
import { CODE_LIFETIME_MS, OAuthStore } from './oauth-store.js';

const CLIENT_ID = 'local-google-client';
const CLIENT_SECRET = 'local-google-secret';
const REDIRECT_URI = 'http://localhost:3000/api/auth/google/callback';

function decodeHtml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The consent form's hidden fields, as a browser would submit them. */
function hiddenFields(html: string): URLSearchParams {
  const fields = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields.set(match[1]!, decodeHtml(match[2]!));
  return fields;
}

function inputValue(html: string, name: string): string | undefined {
  const match = new RegExp(`<input type="(?:email|text)" name="${name}" value="([^"]*)"`).exec(html);
  return match ? decodeHtml(match[1]!) : undefined;
}

describe('Google OAuth 2.0 stand-in', () => {
  let sandboxes: RunningSandboxes;
  let base: string;

  beforeAll(async () => {
    sandboxes = await startSandboxes(
      loadSandboxConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SANDBOX_HTTP_PORT: '0', SANDBOX_SMTP_PORT: '0' }),
    );
    base = sandboxes.httpUrl;
  });
  afterAll(() => sandboxes.close());

  const authUrl = (params: Record<string, string>) => `${base}/o/oauth2/v2/auth?${new URLSearchParams(params)}`;
  const goodParams = (extra: Record<string, string> = {}) => ({
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'openid email profile',
    state: 'state-123_abc',
    prompt: 'select_account',
    ...extra,
  });

  /** Auth page → consent POST, returning the redirect back to the app. */
  async function consent(fields: Record<string, string>, params = goodParams()): Promise<URL> {
    const page = await fetch(authUrl(params));
    expect(page.status).toBe(200);
    const form = hiddenFields(await page.text());
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    const response = await fetch(`${base}/o/oauth2/v2/auth`, { method: 'POST', body: form, redirect: 'manual' });
    expect(response.status).toBe(302);
    return new URL(response.headers.get('location')!);
  }

  async function codeFor(email: string, extra: Record<string, string> = {}): Promise<string> {
    const back = await consent({ decision: 'allow', email, given_name: 'Robin', family_name: 'Quinn', ...extra });
    return back.searchParams.get('code')!;
  }

  const exchange = (body: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${base}/token`, { method: 'POST', body: new URLSearchParams(body), headers });

  const tokenRequest = (code: string, extra: Record<string, string> = {}) => ({
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    client_id: CLIENT_ID,
    client_secret: CLIENT_SECRET,
    ...extra,
  });

  it('shows a consent page, prefilled from login_hint, under a strict CSP that lets the form post back to the app', async () => {
    const response = await fetch(authUrl(goodParams({ login_hint: 'sam@example.com' })));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Sign in with Google (local stand-in)');
    expect(inputValue(html, 'email')).toBe('sam@example.com');
    expect(inputValue(html, 'given_name')).toBe('Jordan');
    expect(inputValue(html, 'family_name')).toBe('Lee');
    expect(html).toMatch(/<button[^>]*>Continue<\/button>/);
    expect(html).toMatch(/<button[^>]*>Cancel<\/button>/);
    expect(html).not.toContain('<script');
    expect(hiddenFields(html).get('state')).toBe('state-123_abc');
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' http://localhost:3000");
    expect(csp).not.toMatch(/script-src|unsafe-inline/);
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');

    const plain = await (await fetch(authUrl(goodParams()))).text();
    expect(inputValue(plain, 'email')).toBe('jordan.lee@example.com');
  });

  it.each([
    ['an unknown client_id', { client_id: 'someone-else' }, 'invalid_client'],
    ['no client_id', { client_id: '' }, 'client_id'],
    ['response_type=token', { response_type: 'token' }, 'unsupported_response_type'],
    ['no redirect_uri', { redirect_uri: '' }, 'redirect_uri'],
    [
      'a javascript: redirect_uri',
      { redirect_uri: 'javascript:alert(1)' },
      'must be an absolute http:// or https:// URL',
    ],
    ['a relative redirect_uri', { redirect_uri: '/callback' }, 'must be an absolute http:// or https:// URL'],
  ])('refuses %s with a 400 page naming the problem', async (_label, change, problem) => {
    const params = goodParams(change);
    for (const [key, value] of Object.entries(params)) if (!value) delete (params as Record<string, string>)[key];
    const response = await fetch(authUrl(params));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(problem);
    expect(html).not.toContain('<form');
  });

  it('runs the whole code flow: consent → code → token → userinfo', async () => {
    const back = await consent({
      decision: 'allow',
      email: 'Robin.Quinn@Example.com',
      given_name: 'Robin',
      family_name: 'Quinn',
    });
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe('state-123_abc');
    const code = back.searchParams.get('code')!;
    expect(code).toMatch(/^4\/0A[\w-]{20,}$/);

    const tokenResponse = await exchange(tokenRequest(code));
    expect(tokenResponse.status).toBe(200);
    expect(tokenResponse.headers.get('cache-control')).toBe('no-store');
    const token = (await tokenResponse.json()) as Record<string, unknown>;
    expect(token).toEqual({
      access_token: expect.stringMatching(/^ya29\./),
      expires_in: 3599,
      token_type: 'Bearer',
      scope: 'openid email profile',
      id_token: expect.any(String),
    });
    const [header, payload, signature] = (token.id_token as string).split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toMatchObject({ alg: 'none' });
    expect(signature).toBe('');
    expect(JSON.parse(Buffer.from(payload!, 'base64url').toString())).toMatchObject({
      aud: CLIENT_ID,
      sub: stableSub('robin.quinn@example.com'),
      email: 'robin.quinn@example.com',
      email_verified: true,
    });

    const expected = {
      sub: stableSub('robin.quinn@example.com'),
      email: 'robin.quinn@example.com',
      email_verified: true,
      name: 'Robin Quinn',
      given_name: 'Robin',
      family_name: 'Quinn',
      picture: '',
    };
    for (const path of ['/oauth2/v3/userinfo', '/v1/userinfo']) {
      const info = await fetch(`${base}${path}`, {
        headers: { authorization: `Bearer ${token.access_token as string}` },
      });
      expect(info.status).toBe(200);
      expect(await info.json()).toEqual(expected);
    }
  });

  it('gives the same sub to the same email every time, and a different one to another email', async () => {
    const subOf = async (email: string) => {
      const token = (await (await exchange(tokenRequest(await codeFor(email)))).json()) as { access_token: string };
      const info = await fetch(`${base}/oauth2/v3/userinfo`, {
        headers: { authorization: `Bearer ${token.access_token}` },
      });
      return ((await info.json()) as { sub: string }).sub;
    };
    const first = await subOf('same@example.com');
    expect(first).toMatch(/^\d{21}$/);
    expect(await subOf('SAME@example.com')).toBe(first);
    expect(await subOf('other@example.com')).not.toBe(first);
  });

  it('a code works once', async () => {
    const code = await codeFor('once@example.com');
    expect((await exchange(tokenRequest(code))).status).toBe(200);
    const again = await exchange(tokenRequest(code));
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('a wrong client secret gets invalid_client (401), and the code still works afterwards', async () => {
    const code = await codeFor('secret@example.com');
    const wrong = await exchange(tokenRequest(code, { client_secret: 'guess' }));
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client' });
    const unknownClient = await exchange(tokenRequest(code, { client_id: 'someone-else' }));
    expect(unknownClient.status).toBe(401);
    expect(await unknownClient.json()).toMatchObject({ error: 'invalid_client' });
    expect((await exchange(tokenRequest(code))).status).toBe(200);
  });

  it('a wrong redirect_uri gets invalid_grant', async () => {
    const code = await codeFor('redirect@example.com');
    const wrong = await exchange(tokenRequest(code, { redirect_uri: 'http://localhost:3000/elsewhere' }));
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringContaining('redirect_uri'),
    });
  });

  it('an unknown code gets invalid_grant, another grant type unsupported_grant_type', async () => {
    const unknown = await exchange(tokenRequest('4/0Anever-issued'));
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: 'invalid_grant' });
    const refresh = await exchange(tokenRequest('x', { grant_type: 'refresh_token' }));
    expect(refresh.status).toBe(400);
    expect(await refresh.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('takes client credentials by HTTP Basic and a JSON body', async () => {
    const code = await codeFor('basic@example.com');
    const { client_id: _id, client_secret: _secret, ...body } = tokenRequest(code);
    const response = await fetch(`${base}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`,
      },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ token_type: 'Bearer' });
  });

  it('an unknown or missing token gets 401 invalid_token at userinfo', async () => {
    for (const headers of [{ authorization: 'Bearer ya29.not-a-token' }, {}] as Array<Record<string, string>>) {
      const response = await fetch(`${base}/oauth2/v3/userinfo`, { headers });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: 'invalid_token' });
    }
  });

  it('Cancel sends the person back with access_denied and the state', async () => {
    const back = await consent({ decision: 'cancel', email: '' });
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('state-123_abc');
    expect(back.searchParams.has('code')).toBe(false);
  });

  it('asks again, with the message, for an email that is not one', async () => {
    const page = await fetch(authUrl(goodParams()));
    const form = hiddenFields(await page.text());
    form.set('decision', 'allow');
    form.set('email', 'not-an-email');
    const response = await fetch(`${base}/o/oauth2/v2/auth`, { method: 'POST', body: form, redirect: 'manual' });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Enter an email address');
    expect(inputValue(html, 'email')).toBe('not-an-email');
  });

  it('keeps a nonce in the ID token and leaves state out when none was sent', async () => {
    const params = goodParams({ nonce: 'n-0S6_WzA2Mj' });
    delete (params as Partial<typeof params>).state;
    const back = await consent({ decision: 'allow', email: 'nonce@example.com' }, params);
    expect(back.searchParams.has('state')).toBe(false);
    const token = (await (await exchange(tokenRequest(back.searchParams.get('code')!))).json()) as { id_token: string };
    expect(JSON.parse(Buffer.from(token.id_token.split('.')[1]!, 'base64url').toString())).toMatchObject({
      nonce: 'n-0S6_WzA2Mj',
    });
  });
});

describe('OAuthStore', () => {
  it('forgets a code after 60 s', () => {
    let now = 1_000_000;
    const store = new OAuthStore(() => now);
    const code = store.issueCode({
      clientId: CLIENT_ID,
      redirectUri: REDIRECT_URI,
      scope: 'openid',
      identity: { email: 'a@example.com', givenName: '', familyName: '' },
    });
    now += CODE_LIFETIME_MS - 1;
    expect(store.peekCode(code)).toBeDefined();
    now += 1;
    expect(store.peekCode(code)).toBeUndefined();
  });
});

describe('startSandboxes', () => {
  it('refuses to start with NODE_ENV=production', async () => {
    const config = loadSandboxConfig({ NODE_ENV: 'production', SANDBOX_HTTP_PORT: '0', SANDBOX_SMTP_PORT: '0' });
    await expect(startSandboxes(config)).rejects.toThrow(/NODE_ENV=production/);
  });

  it('runs only the providers asked for', async () => {
    const only = await startSandboxes(
      loadSandboxConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SANDBOX_HTTP_PORT: '0', SANDBOX_PROVIDERS: 'google' }),
    );
    try {
      expect(only.ports).toEqual({});
      expect((await fetch(`${only.httpUrl}/dev/mailbox.json`)).status).toBe(404);
      expect((await fetch(`${only.httpUrl}/health`)).status).toBe(200);
    } finally {
      await only.close();
    }
  });
});
