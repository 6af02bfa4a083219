import { z } from 'zod';

/** An unset variable and an empty one (compose's `${TWILIO_AUTH_TOKEN:-}`) both mean "not configured". */
const unsetWhenEmpty = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** E.164: a plus, a country code that does not start with 0, at most 15 digits in all. */
export const E164_PHONE_NUMBER = /^\+[1-9]\d{1,14}$/;

/**
 * Texts through Twilio: the account, its auth token (which also signs Twilio's calls to us) and the number texts come
 * from. All three or none (texts off); `smsEnvProblems` says which is missing, as a refinement here would stop
 * services extending this. Read by the processes that send texts or take Twilio's webhooks.
 */
export const smsEnvSchema = z.object({
  TWILIO_ACCOUNT_SID: unsetWhenEmpty(
    z
      .string()
      .trim()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'must be a Twilio Account SID: AC and 32 hex digits'),
  ),
  TWILIO_AUTH_TOKEN: unsetWhenEmpty(
    z
      .string()
      .trim()
      .regex(/^\S{8,}$/, "must be the account's auth token (at least 8 characters, no spaces)"),
  ),
  TWILIO_FROM_NUMBER: unsetWhenEmpty(
    z.string().trim().regex(E164_PHONE_NUMBER, 'must be a phone number in E.164 form, e.g. +15551234567'),
  ),
  /** Points the SDK at another host than https://api.twilio.com: the local Twilio stand-in (never in production). */
  TWILIO_API_URL: unsetWhenEmpty(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL, e.g. http://127.0.0.1:4100' }).trim(),
  ),
});

export type SmsEnv = z.infer<typeof smsEnvSchema>;

const GROUP = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER'] as const;

/** Rules across the SMS variables: the three together or none, and the stand-in's address never in production. */
export function smsEnvProblems(
  config: Partial<SmsEnv> & { NODE_ENV?: string },
): Array<{ variable: string; message: string }> {
  const problems: Array<{ variable: string; message: string }> = [];
  const set = GROUP.filter((variable) => config[variable]);
  if (set.length > 0 && set.length < GROUP.length) {
    for (const variable of GROUP.filter((name) => !config[name])) {
      problems.push({
        variable,
        message: `is required when ${set.join(' and ')} ${set.length === 1 ? 'is' : 'are'} set: set ${GROUP.join(', ')} together, or none of them (texts off)`,
      });
    }
  }
  if (config.TWILIO_API_URL && set.length === 0) {
    problems.push({
      variable: 'TWILIO_API_URL',
      message: `points at a Twilio API, but ${GROUP.join(', ')} are not set`,
    });
  }
  if (config.TWILIO_API_URL && config.NODE_ENV === 'production') {
    problems.push({
      variable: 'TWILIO_API_URL',
      message: 'must not be set in production: the auth token would be sent to another host than Twilio',
    });
  }
  return problems;
}
