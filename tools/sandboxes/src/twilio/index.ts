import { defineProvider } from '../provider-descriptor.js';
import { ACCOUNT_SID, MESSAGING_SERVICE_SID } from './ids.js';
import { isPhoneNumber } from './phone-numbers.js';
import { TwilioStandIn } from './stand-in.js';

export { TwilioStandIn, type TwilioStandInSettings } from './stand-in.js';
export { twilioSignature } from './signature.js';
export { segmentsOf } from './segments.js';
export { MESSAGES_CAPACITY, type DevMessage, type MessageResource } from './messages.js';
export { CALLBACK_TRIES as TWILIO_CALLBACK_TRIES } from './status-callbacks.js';
export type { InboundResult } from './inbound.js';

function checked(value: string, variable: string, valid: (value: string) => boolean, what: string): string {
  if (!valid(value)) throw new Error(`${variable} must be ${what} (got "${value}")`);
  return value;
}

const wholeMs = (value: string, variable: string) =>
  Number(checked(value, variable, (text) => /^\d{1,7}$/.test(text), 'a whole number of milliseconds'));

/**
 * Twilio's Programmable Messaging API (`/2010-04-01/Accounts/{AccountSid}/Messages`) for one account with one number:
 * texts sent by the product, their statuses and signed status callbacks, texts from phones posted to the product's
 * webhook, and `/dev/messages` to read them all.
 */
export const twilioProvider = defineProvider({
  name: 'twilio',
  label: 'Twilio SMS',
  realVariables: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'],
  ports: {},
  settings: {
    accountSid: { variable: 'SANDBOX_TWILIO_ACCOUNT_SID', defaultValue: 'ACaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' },
    authToken: { variable: 'SANDBOX_TWILIO_AUTH_TOKEN', defaultValue: 'local-twilio-auth-token' },
    /** Twilio's own test "From" number, which its test credentials accept. */
    number: { variable: 'SANDBOX_TWILIO_NUMBER', defaultValue: '+15005550006' },
    messagingServiceSid: {
      variable: 'SANDBOX_TWILIO_MESSAGING_SERVICE_SID',
      defaultValue: 'MGaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    },
    /** How long a text stays queued, then sent, before it moves on. */
    stepMs: { variable: 'SANDBOX_TWILIO_STEP_MS', defaultValue: '500' },
    /** The first retry of a failed status callback waits this long; each next one twice as long. */
    callbackRetryMs: { variable: 'SANDBOX_TWILIO_CALLBACK_RETRY_MS', defaultValue: '1000' },
  },
  outbound: { inbound: { path: '/api/sms/inbound', what: 'texts from phones (signed as Twilio signs)' } },
  async start({ settings, productUrl, logger }) {
    let inboundWebhookUrl: string | undefined;
    try {
      inboundWebhookUrl = productUrl('inbound');
    } catch {
      inboundWebhookUrl = undefined;
    }
    const standIn = new TwilioStandIn(
      {
        accountSid: checked(
          settings.accountSid,
          'SANDBOX_TWILIO_ACCOUNT_SID',
          (v) => ACCOUNT_SID.test(v),
          'AC and 32 hex digits',
        ),
        authToken: settings.authToken,
        serviceNumber: checked(
          settings.number,
          'SANDBOX_TWILIO_NUMBER',
          isPhoneNumber,
          'a phone number in E.164 (+15005550006)',
        ),
        messagingServiceSid: checked(
          settings.messagingServiceSid,
          'SANDBOX_TWILIO_MESSAGING_SERVICE_SID',
          (v) => MESSAGING_SERVICE_SID.test(v),
          'MG and 32 hex digits',
        ),
        inboundWebhookUrl,
        stepMs: wholeMs(settings.stepMs, 'SANDBOX_TWILIO_STEP_MS'),
        callbackRetryMs: wholeMs(settings.callbackRetryMs, 'SANDBOX_TWILIO_CALLBACK_RETRY_MS'),
      },
      logger,
    );
    return { router: standIn.router(), ports: {}, close: async () => standIn.close() };
  },
  productEnv: ({ serverUrl, settings }) => ({
    TWILIO_ACCOUNT_SID: settings.accountSid,
    TWILIO_AUTH_TOKEN: settings.authToken,
    TWILIO_FROM_NUMBER: settings.number,
    // The SDK's calls to https://api.twilio.com go here instead.
    TWILIO_API_URL: serverUrl,
  }),
  banner: ({ appUrl }) => `Texts sent locally: ${appUrl}/dev/messages`,
});
