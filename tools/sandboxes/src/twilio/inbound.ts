import { randomUUID } from 'node:crypto';
import type { SandboxLogger } from '../provider-descriptor.js';
import { API_VERSION, toDevMessage, type DevMessage, type MessageStore, type StoredMessage } from './messages.js';
import { countryOf } from './phone-numbers.js';
import { twilioSignature } from './signature.js';
import type { OptOuts } from './opt-outs.js';

/** Twilio gives a messaging webhook 15 seconds to answer. */
const WEBHOOK_TIMEOUT_MS = 15_000;
/** How much of the product's answer (TwiML, or an error) the dev caller is shown. */
const REPLY_SHOWN_CHARS = 2000;

export interface InboundSettings {
  accountSid: string;
  authToken: string;
  /** The service's own number: the phone texted it. */
  serviceNumber: string;
  /** The product's messaging webhook; undefined when the stand-in does not know the product's address. */
  webhookUrl: string | undefined;
}

/** What a text from a phone did: the text kept, the form posted to the product and its answer. */
export interface InboundResult {
  message: DevMessage;
  posted: { url: string; params: Record<string, string> };
  /** The product's HTTP status, when it answered. */
  productStatus?: number;
  /** The start of the product's answer. */
  productReply?: string;
  /** Why the product was not reached. */
  error?: string;
}

/** The form Twilio posts to a number's messaging webhook when a text arrives, in Twilio's order. */
function inboundParams(message: StoredMessage): Record<string, string> {
  return {
    ToCountry: countryOf(message.to),
    SmsMessageSid: message.sid,
    NumMedia: '0',
    SmsSid: message.sid,
    SmsStatus: 'received',
    Body: message.body,
    FromCountry: countryOf(message.from),
    To: message.to,
    NumSegments: String(message.numSegments),
    MessageSid: message.sid,
    AccountSid: message.accountSid,
    From: message.from,
    ApiVersion: API_VERSION,
  };
}

/**
 * A text from a phone to the service's number, as Twilio delivers it: kept with the other texts, then posted once to
 * the product's messaging webhook as a signed form (Twilio does not retry an incoming message's webhook).
 */
export class InboundTexts {
  constructor(
    private readonly store: MessageStore,
    private readonly optOuts: OptOuts,
    private readonly settings: InboundSettings,
    private readonly logger: SandboxLogger,
  ) {}

  get webhookUrl(): string | undefined {
    return this.settings.webhookUrl;
  }

  async receive(from: string, body: string): Promise<InboundResult> {
    const url = this.settings.webhookUrl;
    if (!url) throw new Error('the product address is unknown');
    const message = this.store.add({
      accountSid: this.settings.accountSid,
      to: this.settings.serviceNumber,
      from,
      body,
      messagingServiceSid: null,
      direction: 'inbound',
      status: 'received',
      statusCallback: null,
    });
    this.optOuts.hear(from, body);
    const params = inboundParams(message);
    const result: InboundResult = { message: toDevMessage(message), posted: { url, params } };
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'User-Agent': 'TwilioProxy/1.1',
          'X-Twilio-Signature': twilioSignature(this.settings.authToken, url, params),
          'I-Twilio-Idempotency-Token': randomUUID(),
        },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      result.productStatus = response.status;
      result.productReply = (await response.text()).slice(0, REPLY_SHOWN_CHARS);
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
      result.error = cause ?? (error instanceof Error ? error.message : String(error));
    }
    this.logger.info(
      { message: message.sid, status: result.productStatus, error: result.error },
      `incoming text ${message.sid} posted to the product: ${result.productStatus ?? result.error}`,
    );
    return result;
  }
}
