import nodemailer from 'nodemailer';
import { freePort } from './isolated/free-port.js';
import { describeProviders, sandboxProviderEnv, standInProviders, startSandboxProcess } from './sandboxes.js';

describe('which providers run on stand-ins', () => {
  it('stands in for each provider whose real variable is unset', () => {
    expect(standInProviders({})).toEqual(['smtp', 'google']);
    expect(standInProviders({ SMTP_URL: 'smtp://mail.example:587' })).toEqual(['google']);
    expect(standInProviders({ GOOGLE_CLIENT_ID: 'real.apps.googleusercontent.com' })).toEqual(['smtp']);
    expect(standInProviders({ SMTP_URL: 'smtp://mail.example:587', GOOGLE_CLIENT_ID: 'x' })).toEqual([]);
    expect(describeProviders(['google'])).toBe(
      'Providers: SMTP mail: real (SMTP_URL is set); Google sign-in: local stand-in.',
    );
  });

  it('points the services at the stand-ins it runs, and only those', () => {
    const settings = { httpPort: 4100, smtpPort: 2525, googleClientId: 'id', googleClientSecret: 'secret' };
    expect(sandboxProviderEnv({ ...settings, providers: ['smtp', 'google'] })).toEqual({
      SANDBOX_URL: 'http://127.0.0.1:4100',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'Medical QR <no-reply@medicalqr.local>',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_AUTH_URL: 'http://localhost:4100/o/oauth2/v2/auth',
      GOOGLE_TOKEN_URL: 'http://127.0.0.1:4100/token',
      GOOGLE_USERINFO_URL: 'http://127.0.0.1:4100/oauth2/v3/userinfo',
    });
    expect(sandboxProviderEnv({ ...settings, providers: ['google'] })).not.toHaveProperty('SMTP_URL');
    expect(sandboxProviderEnv({ ...settings, providers: ['smtp'], mailFrom: 'Me <me@example.com>' })).toEqual({
      SANDBOX_URL: 'http://127.0.0.1:4100',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'Me <me@example.com>',
    });
  });
});

// Runs the built tools/sandboxes (npm test builds first).
describe('the sandbox process', () => {
  const env = { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'info' };

  it('starts, answers, logs one line per request and mail without codes, tokens or passwords, and stops', async () => {
    const lines: string[] = [];
    const sandbox = await startSandboxProcess({
      env,
      httpPort: await freePort(),
      smtpPort: await freePort(),
      onLine: (line) => lines.push(line),
    });
    try {
      expect(await (await fetch(`${sandbox.url}/health`)).json()).toMatchObject({ status: 'ok' });

      const transport = nodemailer.createTransport(`smtp://user:hunter2-password@127.0.0.1:${sandbox.smtpPort}`);
      await transport.sendMail({
        from: 'a@example.com',
        to: 'b@example.com',
        subject: 'Code 918273',
        text: 'secret body http://x.example/?token=tok-5551',
      });
      transport.close();

      const { GOOGLE_AUTH_URL, GOOGLE_TOKEN_URL, GOOGLE_USERINFO_URL, GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET } =
        sandbox.providerEnv;
      const auth = new URL(GOOGLE_AUTH_URL!);
      const consent = await fetch(`${sandbox.url}${auth.pathname}`, {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams({
          client_id: GOOGLE_CLIENT_ID!,
          redirect_uri: 'http://localhost:3000/cb',
          scope: 'openid email profile',
          state: 'st-4242',
          decision: 'allow',
          email: 'log.check@example.com',
        }),
      });
      const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
      const token = (await (
        await fetch(GOOGLE_TOKEN_URL!, {
          method: 'POST',
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            redirect_uri: 'http://localhost:3000/cb',
            client_id: GOOGLE_CLIENT_ID!,
            client_secret: GOOGLE_CLIENT_SECRET!,
          }),
        })
      ).json()) as { access_token: string };
      const info = await fetch(GOOGLE_USERINFO_URL!, { headers: { authorization: `Bearer ${token.access_token}` } });
      expect(info.status).toBe(200);
      await new Promise((r) => setTimeout(r, 200));

      const log = lines.join('\n');
      expect(log).toContain('GET /health 200');
      expect(log).toContain('POST /token 200');
      expect(log).toContain('mail caught');
      for (const secret of [
        code,
        token.access_token,
        'hunter2-password',
        GOOGLE_CLIENT_SECRET!,
        'st-4242',
        '918273',
        'secret body',
        'tok-5551',
      ]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await sandbox.stop();
    }
    expect(sandbox.process.exitCode ?? sandbox.process.signalCode).not.toBeNull();
  });

  it('fails start-up, saying why, with NODE_ENV=production', async () => {
    const lines: string[] = [];
    await expect(
      startSandboxProcess({
        env: { ...env, NODE_ENV: 'production' },
        httpPort: await freePort(),
        smtpPort: await freePort(),
        onLine: (l) => lines.push(l),
      }),
    ).rejects.toThrow(/exited during start-up with code 1/);
    expect(lines.join('\n')).toContain('refusing to start with NODE_ENV=production');
  });

  it('refuses a port something already listens on', async () => {
    const first = await startSandboxProcess({ env, httpPort: await freePort(), smtpPort: await freePort() });
    try {
      await expect(startSandboxProcess({ env, httpPort: first.httpPort, smtpPort: await freePort() })).rejects.toThrow(
        /port \d+ \(SANDBOX_HTTP_PORT\) is already in use/,
      );
    } finally {
      await first.stop();
    }
  });
});
