import pg from 'pg';
import { SESSION_HINT_COOKIE } from '@medical-qr/contracts';
import { HttpClient, mailTo, uniqueEmail, waitForMailLink } from '../support/http-client.js';

async function register(client: HttpClient, email: string, password = 'first-pass') {
  return client.post('/api/auth/register', {
    firstName: 'Rosa',
    lastName: 'Parks',
    email,
    password,
    phoneNumber: '+1 (555) 010-2000',
  });
}

/** Registers and verifies through the emailed link; returns the address. */
async function verifiedAccount(client: HttpClient, password = 'first-pass') {
  const email = uniqueEmail('verified');
  expect((await register(client, email, password)).status).toBe(201);
  const link = await waitForMailLink(email, /Confirm your email/);
  const token = new URL(link).pathname.split('/').pop()!;
  expect((await client.get(`/api/auth/verify-email/${token}`)).location).toBe('/?login=true&verified=1');
  return email;
}

describe('registration, verification, sign-in and sign-out', () => {
  it('registers, refuses sign-in until the emailed link is followed, then signs in, and a signed-out cookie is useless', async () => {
    const client = new HttpClient();
    const email = uniqueEmail('rosa');

    const registered = await register(client, email.toUpperCase());
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({
      requiresVerification: true,
      user: { email, firstName: 'Rosa', lastName: 'Parks', phoneNumber: '+1 (555) 010-2000', emailVerified: false },
    });
    expect(registered.headers.getSetCookie()).toEqual([]);

    const early = await client.post('/api/auth/login', { email, password: 'first-pass' });
    expect(early.status).toBe(403);
    expect(early.body).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      requiresVerification: true,
      message: 'Please check your email and click the verification link before logging in.',
    });

    const link = await waitForMailLink(email, /Confirm your email/);
    expect(link).toMatch(/\/verify-email\/[A-Za-z0-9_-]{43}$/);
    const token = link.split('/').pop()!;
    const confirmed = await client.get(`/api/auth/verify-email/${token}`);
    expect(confirmed.status).toBe(302);
    expect(confirmed.location).toBe('/?login=true&verified=1');
    // Followed again: the account is verified, which the dialog says instead of calling the link broken.
    const again = await client.get(`/api/auth/verify-email/${token}`);
    expect(again.location).toBe('/?login=true&verified=already');

    const login = await client.post('/api/auth/login', { email, password: 'first-pass' });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({
      message: 'Login successful',
      user: { email, firstName: 'Rosa', emailVerified: true },
    });
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('mqr.sid='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const me = await client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
    expect(me.body).toMatchObject({
      email,
      firstName: 'Rosa',
      isAuthenticated: true,
      isPremium: false,
      hasPassword: true,
    });

    const stolen = new Map(client.cookies);
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    expect((await client.get('/api/auth/user')).status).toBe(401);
    const replay = new HttpClient(client.ip);
    for (const [name, value] of stolen) replay.cookies.set(name, value);
    const replayed = await replay.get('/api/auth/user');
    expect(replayed.status).toBe(401);
    expect(replayed.body).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('sets a page-readable sign of the session beside it, and drops it at sign-out and once the session is gone', async () => {
    const client = new HttpClient();
    const email = await verifiedAccount(client);
    const login = await client.post('/api/auth/login', { email, password: 'first-pass' });
    const cookies = login.headers.getSetCookie();
    const maxAge = (name: string) => /Max-Age=(\d+)/i.exec(cookies.find((c) => c.startsWith(`${name}=`)) ?? '')?.[1];
    const hint = cookies.find((c) => c.startsWith(`${SESSION_HINT_COOKIE}=1`));
    expect(hint).toBeDefined();
    // Readable by the page (it holds nothing but "1"), and it lives exactly as long as the session cookie.
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(maxAge(SESSION_HINT_COOKIE)).toBe(maxAge('mqr.sid'));

    const logout = await client.post('/api/auth/logout');
    expect(logout.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_HINT_COOKIE}=`))).toMatch(
      /Expires=Thu, 01 Jan 1970/,
    );

    // A browser holding the hint of a session that ended elsewhere: the 401 drops the hint too.
    const stale = new HttpClient();
    stale.cookies.set(SESSION_HINT_COOKIE, '1');
    const answer = await stale.get('/api/auth/user');
    expect(answer.status).toBe(401);
    expect(stale.cookies.has(SESSION_HINT_COOKIE)).toBe(false);
  });

  it('starts a new session at sign-in, so a session id planted before sign-in is never signed in', async () => {
    const client = new HttpClient();
    const email = await verifiedAccount(client);
    await client.post('/api/auth/login', { email, password: 'first-pass' });
    const first = client.cookies.get('mqr.sid');
    await client.post('/api/auth/login', { email, password: 'first-pass' });
    const second = client.cookies.get('mqr.sid');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    const old = new HttpClient(client.ip);
    old.cookies.set('mqr.sid', first!);
    expect((await old.get('/api/auth/user')).status).toBe(401);
  });

  it('answers a registration for a known email, whatever its case, exactly as for a new one, and mails the owner instead', async () => {
    const owner = new HttpClient();
    const email = await verifiedAccount(owner, 'owner-pass');
    const fresh = uniqueEmail('fresh');
    const strangerOnKnown = await register(new HttpClient(), email.toUpperCase(), 'stranger-pass');
    const strangerOnNew = await register(new HttpClient(), fresh, 'stranger-pass');

    expect(strangerOnKnown.status).toBe(201);
    expect(strangerOnKnown.status).toBe(strangerOnNew.status);
    // The same answer, but for the address and the new account's id and time.
    const comparable = (body: { user: Record<string, unknown> }) => ({
      ...body,
      user: { ...body.user, id: 'id', createdAt: 'time', email: 'address' },
    });
    expect(comparable(strangerOnKnown.body)).toEqual(comparable(strangerOnNew.body));
    expect(strangerOnKnown.body.user.id).toMatch(/^[0-9a-f-]{36}$/);

    const notice = await waitForMailLink(email, /Someone tried to create a Medical QR account/);
    expect(notice).toMatch(/\/\?login=true$/);
    // Nothing of the owner's account changed: their password still works, the stranger's does not.
    expect((await new HttpClient().post('/api/auth/login', { email, password: 'owner-pass' })).status).toBe(200);
    expect((await new HttpClient().post('/api/auth/login', { email, password: 'stranger-pass' })).status).toBe(401);
  });

  it('keeps no email, name or phone of an account in clear in its row', async () => {
    const client = new HttpClient();
    const email = uniqueEmail('at-rest');
    const registered = await register(client, email);
    expect(registered.status).toBe(201);
    const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
    try {
      const { rows } = await db.query('select * from identity.users where id = $1', [registered.body.user.id]);
      expect(rows).toHaveLength(1);
      // No column holds the address in clear: only its keyed hash and its ciphertext.
      expect(rows[0]).not.toHaveProperty('email');
      expect(rows[0]).toMatchObject({ email_index: expect.any(String), email_ciphertext: expect.any(String) });
      const raw = JSON.stringify(rows[0]).toLowerCase();
      expect(raw).not.toContain(email.toLowerCase());
      expect(raw).not.toContain(email.split('@')[0]!.toLowerCase());
      // The phone by its local digits: a bare '555' turns up by chance in a random id or ciphertext.
      for (const clear of ['rosa', 'parks', '010-2000', '0102000']) expect(raw).not.toContain(clear);
    } finally {
      await db.end();
    }
  });

  it('says what is wrong with bad input, in the spec’s words, and never answers 500', async () => {
    const client = new HttpClient();
    const cases: Array<[string, unknown, number, string]> = [
      ['/api/auth/login', {}, 400, 'Please fill in all required fields'],
      ['/api/auth/login', { email: 'a@b.co' }, 400, 'Please fill in all required fields'],
      ['/api/auth/login', { email: 'not-an-email', password: 'x' }, 400, 'email: Invalid email format'],
      ['/api/auth/login', { email: 'a@b.co', password: 'x', admin: true }, 400, 'Unknown field: admin'],
      ['/api/auth/login', { email: ['a@b.co'], password: 7 }, 400, 'Please fill in all required fields'],
      [
        '/api/auth/register',
        { firstName: 'A', email: 'a@b.co', password: 'secret1' },
        400,
        'Please fill in all required fields',
      ],
      [
        '/api/auth/register',
        { firstName: 'A', lastName: 'B', email: 'a@b.co', password: '12345' },
        400,
        'password: Password must be at least 6 characters long',
      ],
      [
        '/api/auth/register',
        { firstName: 'A', lastName: 'B', email: 'a@b.co', password: 'secret1', phoneNumber: 'call me' },
        400,
        'phoneNumber: Phone number may hold digits, spaces, + ( ) - . only',
      ],
      [
        '/api/auth/register',
        { firstName: 'A'.repeat(101), lastName: 'B', email: 'a@b.co', password: 'secret1' },
        400,
        'firstName: at most 100 characters',
      ],
      ['/api/auth/forgot-password', {}, 400, 'Please enter your email address'],
      ['/api/auth/reset-password', { password: 'secret1' }, 400, 'This password reset link is invalid.'],
      ['/api/auth/verify-email', {}, 400, 'Please enter your email'],
      ['/api/auth/verify-email', { email: 'nope' }, 400, 'Please enter a valid email address'],
      // Only a signed-in person may write to the audit log (test/privacy/audit-log.e2e.ts checks their body).
      ['/api/audit/session-timeout', { action: 'x', reason: 'y' }, 401, 'Please sign in first.'],
    ];
    for (const [path, body, status, message] of cases) {
      const response = await client.post(path, body);
      expect({ path, body, status: response.status, message: response.body.message }).toEqual({
        path,
        body,
        status,
        message: expect.stringContaining(message),
      });
    }
    const notJson = await client.request('POST', '/api/auth/login', '{"email":', {
      'content-type': 'application/json',
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toBe('The request body is not valid JSON.');
  });
});

describe('sign-in throttling', () => {
  it('answers the 6th failed sign-in in 15 minutes with 429 and Retry-After, even with the right password', async () => {
    const client = new HttpClient();
    const email = await verifiedAccount(client);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const failed = await client.post('/api/auth/login', { email, password: `wrong-${attempt}` });
      expect(failed.status).toBe(401);
      expect(failed.body).toEqual({ statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' });
    }
    const sixth = await client.post('/api/auth/login', { email, password: 'first-pass' });
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe('RATE_LIMITED');
    expect(sixth.body.message).toMatch(/^Too many attempts\. Please wait (1[0-5]|[1-9]) minutes and try again\.$/);
    const retryAfter = Number(sixth.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);

    // The limit is per account and IP: the same person from elsewhere is not locked out.
    const elsewhere = new HttpClient();
    expect((await elsewhere.post('/api/auth/login', { email, password: 'first-pass' })).status).toBe(200);
  });

  it('limits sign-in requests to 100 per 5 minutes per IP (GET /api/auth/user is not counted)', async () => {
    const client = new HttpClient();
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) statuses.push((await client.post('/api/auth/login', {})).status);
    expect(statuses.slice(0, 100).every((s) => s === 400)).toBe(true);
    expect(statuses[100]).toBe(429);
    expect((await new HttpClient().post('/api/auth/login', {})).status).toBe(400);
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });
});

describe('forgotten passwords', () => {
  it('answers identically for known and unknown emails, and mails only the known one', async () => {
    const client = new HttpClient();
    const known = await verifiedAccount(client);
    const unknown = uniqueEmail('nobody');
    const a = await new HttpClient().post('/api/auth/forgot-password', { email: known });
    const b = await new HttpClient().post('/api/auth/forgot-password', { email: unknown });
    expect(a.status).toBe(200);
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
    expect(a.body).toEqual({ message: 'If an account exists for that email, a password reset link is on its way.' });
    await waitForMailLink(known, /Reset your/);
    expect(await mailTo(unknown)).toEqual([]);
  });

  it('resets with a link that works once, signs out every session, and only the new password works', async () => {
    const browser = new HttpClient();
    const email = await verifiedAccount(browser, 'old-password');
    expect((await browser.post('/api/auth/login', { email, password: 'old-password' })).status).toBe(200);

    await new HttpClient().post('/api/auth/forgot-password', { email });
    const link = await waitForMailLink(email, /Reset your/);
    expect(link).toMatch(/\/reset-password\/[A-Za-z0-9_-]{43}$/);
    const token = link.split('/').pop()!;

    const reset = await new HttpClient().post('/api/auth/reset-password', { token, password: 'new-password' });
    expect(reset.status).toBe(200);
    const reused = await new HttpClient().post('/api/auth/reset-password', { token, password: 'third-password' });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe('This reset link may have expired or is invalid. Please request a new one.');

    expect((await browser.get('/api/auth/user')).status).toBe(401);
    expect((await new HttpClient().post('/api/auth/login', { email, password: 'old-password' })).status).toBe(401);
    expect((await new HttpClient().post('/api/auth/login', { email, password: 'new-password' })).status).toBe(200);
  });
});

describe('re-authentication', () => {
  it('needs a session, refuses a wrong password or another account, and opens a 10-minute window', async () => {
    const client = new HttpClient();
    expect((await client.post('/api/auth/verify-password', { email: 'x@y.co', password: 'p' })).status).toBe(401);

    const email = await verifiedAccount(client);
    await client.post('/api/auth/login', { email, password: 'first-pass' });
    // The session is asked for first (a visitor gets 401 whatever the body), then the body is checked.
    expect((await client.post('/api/auth/verify-password', {})).body.message).toBe(
      'Please enter both email and password',
    );
    expect((await client.get('/api/auth/user')).body.reauthenticatedUntil).toBeNull();

    const wrong = await client.post('/api/auth/verify-password', { email, password: 'nope' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ code: 'REAUTH_FAILED', message: 'Invalid credentials. Please try again.' });
    const other = await client.post('/api/auth/verify-password', { email: 'someone@else.com', password: 'first-pass' });
    expect(other.status).toBe(403);

    const ok = await client.post('/api/auth/verify-password', { email: email.toUpperCase(), password: 'first-pass' });
    expect(ok.status).toBe(200);
    const until = Date.parse(ok.body.reauthenticatedUntil);
    expect(until - Date.now()).toBeGreaterThan(9 * 60 * 1000);
    expect(until - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);
    expect((await client.get('/api/auth/user')).body.reauthenticatedUntil).toBe(ok.body.reauthenticatedUntil);
  });
});

describe('demo login, inactivity audit and the audit log', () => {
  it('signs into the demo account, and records who did what, from where, without passwords', async () => {
    const client = new HttpClient();
    const demo = await client.post('/api/auth/demo-login');
    expect(demo.status).toBe(200);
    expect(demo.body.user).toMatchObject({ email: 'demo@medicalqr.local', firstName: 'Demo' });
    const timeout = await client.post('/api/audit/session-timeout', {
      action: 'session_auto_logout',
      reason: 'inactivity_timeout',
    });
    expect(timeout.status).toBe(204);
    await client.post('/api/auth/logout');
    const stranger = new HttpClient();
    const failed = await stranger.post('/api/auth/login', {
      email: 'demo@medicalqr.local',
      password: 'guess-password-123',
    });
    expect(failed.status).toBe(401);

    const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
    try {
      let rows: Array<Record<string, any>> = [];
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        rows = (
          await db.query(
            `select action, user_id, email, email_index, ip, occurred_at, details from privacy.audit_log where ip = $1 or ip = $2 order by occurred_at, id`,
            [client.ip, stranger.ip],
          )
        ).rows;
        if (rows.some((r) => r.action === 'auth.logout') && rows.some((r) => r.action === 'auth.login.failed')) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      const mine = rows.filter((r) => r.ip === client.ip).map((r) => r.action);
      expect(mine).toEqual(['auth.login.succeeded', 'auth.session.inactivity_timeout', 'auth.logout']);
      // The address typed into a refused sign-in is kept as a keyed hash, then sealed like every audit email, never
      // in clear; a keyed index still finds the attempts on one address.
      expect(rows.find((r) => r.action === 'auth.login.failed')).toMatchObject({
        email: expect.stringMatching(/^v1\./),
        email_index: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        details: { reason: 'invalid_credentials' },
      });
      expect(JSON.stringify(rows)).not.toContain('guess-password-123');
      const leaked = await db.query(
        `select count(*)::int as n from privacy.audit_log where details::text ilike '%guess-password%' or details::text ilike '%first-pass%'`,
      );
      expect(leaked.rows[0].n).toBe(0);
    } finally {
      await db.end();
    }
  });
});
