import { ConfigError, loadConfig } from '../config/load-config.js';
import { baseEnvSchema } from '../config/env-schemas.js';
import { smsEnvSchema } from './sms-env.js';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const COMPLETE = { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: 'an-auth-token', TWILIO_FROM_NUMBER: '+15005550006' };
/** A service's schema, as records and the gateway extend theirs. */
const serviceSchema = baseEnvSchema.extend(smsEnvSchema.shape);

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(serviceSchema, env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('smsEnvSchema', () => {
  it('leaves texts off when none of the variables is set, or they are empty', () => {
    expect(problemsOf({})).toEqual([]);
    expect(
      problemsOf({ TWILIO_ACCOUNT_SID: '', TWILIO_AUTH_TOKEN: '', TWILIO_FROM_NUMBER: '', TWILIO_API_URL: '' }),
    ).toEqual([]);
    const config = loadConfig(serviceSchema, { TWILIO_ACCOUNT_SID: '' });
    expect(config.TWILIO_ACCOUNT_SID).toBeUndefined();
  });

  it('takes the three together, and the stand-in address outside production', () => {
    const config = loadConfig(serviceSchema, { ...COMPLETE, TWILIO_API_URL: 'http://127.0.0.1:4100' });
    expect(config).toMatchObject({ ...COMPLETE, TWILIO_API_URL: 'http://127.0.0.1:4100' });
  });

  it('names each variable missing from a partial group', () => {
    expect(problemsOf({ TWILIO_ACCOUNT_SID: SID })).toEqual([
      'TWILIO_AUTH_TOKEN: is required when TWILIO_ACCOUNT_SID is set: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER together, or none of them (texts off)',
      'TWILIO_FROM_NUMBER: is required when TWILIO_ACCOUNT_SID is set: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER together, or none of them (texts off)',
    ]);
    expect(problemsOf({ TWILIO_AUTH_TOKEN: 'an-auth-token', TWILIO_FROM_NUMBER: '+15005550006' })).toEqual([
      expect.stringMatching(/^TWILIO_ACCOUNT_SID: is required when TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER are set/),
    ]);
    expect(problemsOf({ TWILIO_API_URL: 'http://127.0.0.1:4100' })).toEqual([
      expect.stringMatching(/^TWILIO_API_URL: points at a Twilio API, but TWILIO_ACCOUNT_SID/),
    ]);
  });

  it.each([
    ['TWILIO_ACCOUNT_SID', 'SK0123', /AC and 32 hex digits/],
    ['TWILIO_FROM_NUMBER', '(415) 555-0123', /E\.164/],
    ['TWILIO_AUTH_TOKEN', 'two words', /auth token/],
    ['TWILIO_API_URL', 'ftp://example.com', /http:\/\/ or https:\/\//],
  ])('refuses a malformed %s, saying what it must be', (variable, value, message) => {
    const problems = problemsOf({ ...COMPLETE, [variable]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${variable}: `));
    expect(problems[0]).toMatch(message);
  });

  it('refuses the stand-in address in production, where the token would go to another host', () => {
    const production = { NODE_ENV: 'production', NATS_USER: 'records', NATS_PASSWORD: 'pw', ...COMPLETE };
    expect(problemsOf(production)).toEqual([]);
    expect(problemsOf({ ...production, TWILIO_API_URL: 'http://127.0.0.1:4100' })).toEqual([
      'TWILIO_API_URL: must not be set in production: the auth token would be sent to another host than Twilio',
    ]);
  });
});
