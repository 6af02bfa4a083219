import { randomUUID } from 'node:crypto';
import type { SandboxLogger } from '../provider-descriptor.js';
import { WebhookDelivery } from '../webhook-delivery.js';
import { API_VERSION, type MessageStore, type StoredMessage } from './messages.js';
import { twilioSignature } from './signature.js';

/** Tries per status callback before the stand-in gives up on it. */
export const CALLBACK_TRIES = 4;

export interface LifecycleSettings {
  authToken: string;
  /** How long a text stays queued, then sent, before it moves on. */
  stepMs: number;
  /** The first retry of a failed callback waits this long, each next one twice as long. */
  retryBaseMs: number;
}

/** The form Twilio posts to a message's StatusCallback, in Twilio's order. */
function callbackParams(message: StoredMessage): Record<string, string> {
  return {
    SmsSid: message.sid,
    SmsStatus: message.status,
    MessageStatus: message.status,
    To: message.to,
    ...(message.messagingServiceSid ? { MessagingServiceSid: message.messagingServiceSid } : {}),
    MessageSid: message.sid,
    AccountSid: message.accountSid,
    From: message.from,
    ApiVersion: API_VERSION,
  };
}

/**
 * Carries each sent text through Twilio's statuses, queued → sent → delivered, one step every `stepMs`, and tells
 * its StatusCallback of each as Twilio does: a signed form POST, one message's callbacks in order, a failed one
 * retried with doubling delays. Nothing here holds up an API reply.
 */
export class MessageLifecycle {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly delivery: WebhookDelivery;

  constructor(
    private readonly store: MessageStore,
    private readonly settings: LifecycleSettings,
    logger: SandboxLogger,
  ) {
    this.delivery = new WebhookDelivery({ tries: CALLBACK_TRIES, retryBaseMs: settings.retryBaseMs }, logger);
  }

  start(message: StoredMessage): void {
    this.after(this.settings.stepMs, () => {
      if (!this.advance(message, 'sent')) return;
      this.after(this.settings.stepMs, () => this.advance(message, 'delivered'));
    });
  }

  /** Forgets the texts under way (the dev mailbox was emptied): no more steps for them. */
  clear(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  close(): void {
    this.clear();
    this.delivery.close();
  }

  private advance(message: StoredMessage, status: 'sent' | 'delivered'): boolean {
    if (!this.store.setStatus(message, status)) return false;
    if (message.statusCallback) this.callBack(message.statusCallback, message);
    return true;
  }

  private callBack(url: string, message: StoredMessage): void {
    const params = callbackParams(message);
    const signature = twilioSignature(this.settings.authToken, url, params);
    // The same token on every try of one callback, as Twilio sends it, so a receiver can drop a repeat.
    const idempotencyToken = randomUUID();
    this.delivery.enqueue(message.sid, {
      url,
      payload: new URLSearchParams(params).toString(),
      headers: () => ({
        'Content-Type': 'application/x-www-form-urlencoded',
        'User-Agent': 'TwilioProxy/1.1',
        'X-Twilio-Signature': signature,
        'I-Twilio-Idempotency-Token': idempotencyToken,
      }),
      label: `status callback ${message.status} ${message.sid}`,
      log: { message: message.sid, status: message.status },
    });
  }

  private after(ms: number, step: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      step();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }
}
