import { ConfigError } from '@medical-qr/platform';
import { loadSandboxConfig } from './config.js';

describe('loadSandboxConfig', () => {
  it('fills local defaults when nothing is set', () => {
    const config = loadSandboxConfig({});
    expect({ ...config, providers: config.providers.map((provider) => provider.name) }).toEqual({
      host: '127.0.0.1',
      httpPort: 4100,
      ports: { SANDBOX_SMTP_PORT: 2525 },
      providers: ['smtp', 'google', 'printify', 'stripe', 'twilio'],
      settings: {
        SANDBOX_GOOGLE_CLIENT_ID: 'local-google-client',
        SANDBOX_GOOGLE_CLIENT_SECRET: 'local-google-secret',
        SANDBOX_PRINTIFY_TOKEN: 'local-printify-token',
        SANDBOX_PRINTIFY_SHOP_ID: '1000001',
        SANDBOX_PRINTIFY_ORDER_STEP_MS: '5000',
        SANDBOX_STRIPE_WEBHOOK_SECRET: 'whsec_local_stand_in_secret',
        SANDBOX_STRIPE_PUBLISHABLE_KEY: 'pk_test_local_stand_in',
        SANDBOX_STRIPE_PERIOD_SECONDS: '0',
        SANDBOX_STRIPE_WEBHOOK_RETRY_MS: '1000',
        SANDBOX_TWILIO_ACCOUNT_SID: 'ACaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
        SANDBOX_TWILIO_AUTH_TOKEN: 'local-twilio-auth-token',
        SANDBOX_TWILIO_NUMBER: '+15005550006',
        SANDBOX_TWILIO_MESSAGING_SERVICE_SID: 'MGaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
        SANDBOX_TWILIO_STEP_MS: '500',
        SANDBOX_TWILIO_CALLBACK_RETRY_MS: '1000',
      },
      productUrl: undefined,
      logLevel: 'info',
      nodeEnv: 'development',
    });
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadSandboxConfig({ SANDBOX_HTTP_PORT: 'eighty', SANDBOX_SMTP_PORT: '70000', SANDBOX_PROVIDERS: 'smtp,fax' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^SANDBOX_HTTP_PORT: a port number/m);
    expect(problems).toMatch(/^SANDBOX_SMTP_PORT: a port number/m);
    expect(problems).toMatch(/^SANDBOX_PROVIDERS: a comma-separated list of smtp, google, printify, stripe, twilio$/m);
  });
});
