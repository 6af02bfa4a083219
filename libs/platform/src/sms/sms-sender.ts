import twilio from 'twilio';
import { RedirectedRequestClient } from './redirected-request-client.js';
import { SmsNotConfiguredError, SmsProviderError } from './sms-errors.js';
import type { SmsEnv } from './sms-env.js';

/** One text to send. */
export interface SmsMessage {
  /** The recipient, in E.164 (+15551234567). */
  to: string;
  /** At most 1600 characters (Twilio's limit). */
  body: string;
  /** Where Twilio posts the text's statuses (sent, delivered, undelivered, failed), signed with the auth token. */
  statusCallbackUrl?: string;
}

/** What Twilio said when it took a text: its id and first status (queued, or accepted). */
export interface SentSms {
  sid: string;
  status: string;
}

export interface SmsSenderOptions {
  /** How long one call to Twilio may take. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** Axios's errors (the SDK's HTTP client): a connection refused or reset, a timeout, a name not found. */
const isNetworkError = (error: unknown): error is Error =>
  error instanceof Error && (error as { isAxiosError?: boolean }).isAxiosError === true;

/** A failed call as an SmsProviderError: Twilio's own code and status, and whether another try can help. */
function providerError(error: unknown): unknown {
  if (error instanceof twilio.RestException) {
    const retryable = error.status === 429 || error.status >= 500;
    return new SmsProviderError(
      `Twilio refused the text (HTTP ${error.status}${error.code ? `, error ${error.code}` : ''}): ${error.message}`,
      error.code,
      error.status,
      retryable,
      error.moreInfo,
    );
  }
  if (isNetworkError(error)) {
    return new SmsProviderError(`Twilio could not be reached: ${error.message}`, undefined, undefined, true);
  }
  return error;
}

/**
 * Sends texts through Twilio with the official SDK, from TWILIO_FROM_NUMBER. With TWILIO_API_URL (local runs and
 * tests) every call goes to that address instead of Twilio's. Off (`enabled` false) unless the account, its token and
 * the number are all set; sending then throws SmsNotConfiguredError.
 */
export class SmsSender {
  private readonly client: twilio.Twilio | undefined;
  private readonly from: string | undefined;

  constructor(config: Partial<SmsEnv>, options: SmsSenderOptions = {}) {
    const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM_NUMBER: from } = config;
    this.from = from;
    if (!accountSid || !authToken || !from) return;
    const clientOptions = { timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, autoRetry: false };
    this.client = twilio(accountSid, authToken, {
      httpClient: config.TWILIO_API_URL
        ? new RedirectedRequestClient(new URL(config.TWILIO_API_URL), clientOptions)
        : new twilio.RequestClient(clientOptions),
    });
  }

  get enabled(): boolean {
    return this.client !== undefined;
  }

  /**
   * Hands one text to Twilio. Throws SmsProviderError when Twilio refuses it or cannot be reached (`retryable` says
   * whether to try again later), SmsNotConfiguredError when texts are off.
   */
  async send(message: SmsMessage): Promise<SentSms> {
    if (!this.client || !this.from) throw new SmsNotConfiguredError();
    try {
      const sent = await this.client.messages.create({
        to: message.to,
        from: this.from,
        body: message.body,
        ...(message.statusCallbackUrl ? { statusCallback: message.statusCallbackUrl } : {}),
      });
      return { sid: sent.sid, status: sent.status };
    } catch (error) {
      throw providerError(error);
    }
  }
}
