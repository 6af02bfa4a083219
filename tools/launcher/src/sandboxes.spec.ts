import { Router } from 'express';
import nodemailer from 'nodemailer';
import { defineProvider, PROVIDERS } from '@medical-qr/sandboxes';
import { freePorts } from './isolated/free-port.js';
import {
  describeProviders,
  planSandboxes,
  sandboxBanner,
  sandboxPortClaims,
  sandboxPortVariables,
  standInProviders,
  startSandboxProcess,
} from './sandboxes.js';

/** A stand-in the catalog does not have: the launcher must handle it from its descriptor alone. */
const payments = defineProvider({
  name: 'payments',
  label: 'Payments',
  realVariables: ['PAYMENTS_API_KEY'],
  ports: { events: { variable: 'SANDBOX_PAYMENTS_EVENTS_PORT', defaultPort: 4199 } },
  settings: { webhookSecret: { variable: 'SANDBOX_PAYMENTS_WEBHOOK_SECRET', defaultValue: 'whsec_local' } },
  outbound: {},
  start: async ({ ports }) => ({ router: Router(), ports, close: async () => undefined }),
  productEnv: ({ serverUrl, settings }) => ({
    PAYMENTS_API_BASE: serverUrl,
    PAYMENTS_WEBHOOK_SECRET: settings.webhookSecret,
  }),
  banner: ({ browserUrl, ports }) =>
    `Payments: local checkout at ${browserUrl}/checkout, events on port ${ports.events}`,
});

/** Every stand-in of the catalog on free ports. */
const freePlan = async (env: NodeJS.ProcessEnv) =>
  planSandboxes(env, PROVIDERS, await freePorts(sandboxPortVariables(PROVIDERS)));

describe('which providers run on stand-ins', () => {
  const names = (env: NodeJS.ProcessEnv) => standInProviders(env).map((provider) => provider.name);

  it('stands in for each provider whose real variables are unset', () => {
    expect(names({})).toEqual(['smtp', 'google', 'printify', 'stripe', 'twilio']);
    expect(names({ SMTP_URL: 'smtp://mail.example:587' })).toEqual(['google', 'printify', 'stripe', 'twilio']);
    expect(names({ GOOGLE_CLIENT_ID: 'real.apps.googleusercontent.com' })).toEqual([
      'smtp',
      'printify',
      'stripe',
      'twilio',
    ]);
    expect(names({ TWILIO_AUTH_TOKEN: 'real-token' })).toEqual(['smtp', 'google', 'printify', 'stripe']);
    expect(
      names({
        SMTP_URL: 'smtp://mail.example:587',
        GOOGLE_CLIENT_ID: 'x',
        STRIPE_SECRET_KEY: 'sk_live_x',
        PRINTIFY_API_TOKEN: 'real-token',
        TWILIO_ACCOUNT_SID: 'ACreal',
      }),
    ).toEqual([]);
    expect(describeProviders({ SMTP_URL: 'smtp://mail.example:587', STRIPE_SECRET_KEY: 'sk_test_x' })).toBe(
      'Providers: SMTP mail: real (SMTP_URL is set); Google sign-in: local stand-in; Printify print on demand: local stand-in; Stripe payments: real (STRIPE_SECRET_KEY is set); Twilio SMS: local stand-in.',
    );
  });

  it('points the services at the stand-ins it runs, and only those', () => {
    const client = { SANDBOX_GOOGLE_CLIENT_ID: 'id', SANDBOX_GOOGLE_CLIENT_SECRET: 'secret' };
    expect(planSandboxes(client).providerEnv).toEqual({
      SANDBOX_URL: 'http://127.0.0.1:4100',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'Medical QR <no-reply@medicalqr.local>',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_AUTH_URL: 'http://localhost:4100/o/oauth2/v2/auth',
      GOOGLE_TOKEN_URL: 'http://127.0.0.1:4100/token',
      GOOGLE_USERINFO_URL: 'http://127.0.0.1:4100/oauth2/v3/userinfo',
      PRINTIFY_API_TOKEN: 'local-printify-token',
      PRINTIFY_SHOP_ID: '1000001',
      PRINTIFY_API_URL: 'http://127.0.0.1:4100',
      PRINTIFY_IMAGE_HOSTS: '127.0.0.1:4100',
      PRINTIFY_WEBHOOK_SECRET: 'local-printify-webhook-secret',
      STRIPE_SECRET_KEY: 'sk_test_local_stand_in',
      STRIPE_API_URL: 'http://127.0.0.1:4100',
      STRIPE_WEBHOOK_SECRET: 'whsec_local_stand_in_secret',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_local_stand_in',
      STRIPE_BROWSER_API_URL: 'http://localhost:4100',
      TWILIO_ACCOUNT_SID: 'ACaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      TWILIO_AUTH_TOKEN: 'local-twilio-auth-token',
      TWILIO_FROM_NUMBER: '+15005550006',
      TWILIO_API_URL: 'http://127.0.0.1:4100',
    });
    expect(planSandboxes({ ...client, SMTP_URL: 'smtp://mail.example:587' }).providerEnv).not.toHaveProperty(
      'SMTP_URL',
    );
    const realGoogle = {
      GOOGLE_CLIENT_ID: 'x',
      STRIPE_SECRET_KEY: 'sk_test_real',
      PRINTIFY_API_TOKEN: 'real-token',
      TWILIO_ACCOUNT_SID: 'ACreal',
      MAIL_FROM: 'Me <me@example.com>',
      SANDBOX_SMTP_PORT: '2626',
    };
    expect(planSandboxes(realGoogle).providerEnv).toEqual({
      SANDBOX_URL: 'http://127.0.0.1:4100',
      SMTP_URL: 'smtp://127.0.0.1:2626',
      MAIL_FROM: 'Me <me@example.com>',
    });
  });

  it('takes a new stand-in from its descriptor alone: its ports, settings, variables and banner', () => {
    const env = { SANDBOX_HTTP_PORT: '4300', SANDBOX_PAYMENTS_EVENTS_PORT: '4301' };
    expect(standInProviders(env, [payments])).toEqual([payments]);
    expect(standInProviders({ PAYMENTS_API_KEY: 'sk_live_x' }, [payments])).toEqual([]);
    expect(describeProviders({ PAYMENTS_API_KEY: 'sk_live_x' }, [payments])).toBe(
      'Providers: Payments: real (PAYMENTS_API_KEY is set).',
    );
    const plan = planSandboxes(env, [payments]);
    expect(plan).toMatchObject({
      httpPort: 4300,
      ports: { SANDBOX_PAYMENTS_EVENTS_PORT: 4301 },
      settings: { SANDBOX_PAYMENTS_WEBHOOK_SECRET: 'whsec_local' },
      providerEnv: {
        SANDBOX_URL: 'http://127.0.0.1:4300',
        PAYMENTS_API_BASE: 'http://127.0.0.1:4300',
        PAYMENTS_WEBHOOK_SECRET: 'whsec_local',
      },
    });
    expect(sandboxPortClaims(plan, {})).toEqual([
      { variable: 'SANDBOX_HTTP_PORT', port: 4300, host: '127.0.0.1' },
      { variable: 'SANDBOX_PAYMENTS_EVENTS_PORT', port: 4301, host: '127.0.0.1' },
    ]);
    expect(sandboxBanner(plan, env, 'http://localhost:3000')).toEqual([
      'Payments: local checkout at http://localhost:4300/checkout, events on port 4301',
    ]);
  });
});

// Runs the built tools/sandboxes (npm test builds first).
describe('the sandbox process', () => {
  const env = { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'info' };

  it('starts, answers, logs one line per request and mail without codes, tokens or passwords, and stops', async () => {
    const lines: string[] = [];
    const sandbox = await startSandboxProcess({ env, plan: await freePlan(env), onLine: (line) => lines.push(line) });
    try {
      expect(await (await fetch(`${sandbox.url}/health`)).json()).toMatchObject({ status: 'ok' });

      const transport = nodemailer.createTransport(
        `smtp://user:hunter2-password@127.0.0.1:${sandbox.ports.SANDBOX_SMTP_PORT}`,
      );
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

      // A browser's card, as the web's card form sends it to the Stripe stand-in.
      const { STRIPE_API_URL, STRIPE_PUBLISHABLE_KEY } = sandbox.providerEnv;
      const card = await fetch(`${STRIPE_API_URL}/v1/payment_methods`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${STRIPE_PUBLISHABLE_KEY}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: `type=card&card[number]=4242424242424242&card[exp_month]=12&card[exp_year]=${new Date().getFullYear() + 2}&card[cvc]=123`,
      });
      expect(card.status).toBe(200);
      await new Promise((r) => setTimeout(r, 200));

      const log = lines.join('\n');
      expect(log).toContain('GET /health 200');
      expect(log).toContain('POST /token 200');
      expect(log).toContain('mail caught');
      expect(log).toContain('POST /v1/payment_methods 200');
      for (const secret of [
        code,
        token.access_token,
        'hunter2-password',
        GOOGLE_CLIENT_SECRET!,
        'st-4242',
        '918273',
        'secret body',
        'tok-5551',
        '4242424242424242',
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
        plan: await freePlan(env),
        onLine: (l) => lines.push(l),
      }),
    ).rejects.toThrow(/the provider stand-ins \(tools\/sandboxes\) failed during start-up: exited with code 1/);
    expect(lines.join('\n')).toContain('refusing to start with NODE_ENV=production');
  });

  it('refuses ports something already listens on, naming each with its variable', async () => {
    const first = await startSandboxProcess({ env, plan: await freePlan(env) });
    try {
      const taken = planSandboxes(env, PROVIDERS, {
        SANDBOX_HTTP_PORT: first.httpPort,
        SANDBOX_SMTP_PORT: first.ports.SANDBOX_SMTP_PORT!,
      });
      await expect(startSandboxProcess({ env, plan: taken })).rejects.toThrow(
        `  ${first.httpPort} (SANDBOX_HTTP_PORT)\n  ${first.ports.SANDBOX_SMTP_PORT} (SANDBOX_SMTP_PORT)\n`,
      );
    } finally {
      await first.stop();
    }
  });
});
