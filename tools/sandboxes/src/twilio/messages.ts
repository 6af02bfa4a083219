import type { MessageInstance } from 'twilio/lib/rest/api/v2010/account/message.js';
import { newSid, rfc2822 } from './ids.js';
import { segmentsOf } from './segments.js';

/** The SDK's own type of the API's message resource (what `MessageInstance` is built from). */
type SdkMessageResource = ConstructorParameters<typeof MessageInstance>[1];
type MessageStatus = SdkMessageResource['status'];
/** Fields Twilio answers as null until they apply (`price` until billed, `date_sent` until sent, ...). */
type NullUntilSet = 'price' | 'error_code' | 'error_message' | 'messaging_service_sid' | 'date_sent';

/**
 * A message as Twilio's API answers it on the wire: the SDK's resource type, its dates as the RFC 2822 text Twilio
 * sends (the SDK parses them into Dates), and null where Twilio answers null.
 */
export type MessageResource = {
  [K in keyof SdkMessageResource]:
    (SdkMessageResource[K] extends Date ? string : SdkMessageResource[K]) | (K extends NullUntilSet ? null : never);
};

/** Where a text went: sent by the product through the API, or received from a phone. */
export type DevDirection = 'outbound' | 'inbound';

/** One text the stand-in holds. */
export interface StoredMessage {
  sid: string;
  accountSid: string;
  to: string;
  from: string;
  body: string;
  messagingServiceSid: string | null;
  direction: SdkMessageResource['direction'];
  status: MessageStatus;
  statusCallback: string | null;
  numSegments: number;
  createdAt: Date;
  updatedAt: Date;
  sentAt: Date | null;
}

/** A text as `GET /dev/messages.json` lists it. */
export interface DevMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  /** When it was accepted (outbound) or received (inbound), ISO 8601. */
  sentAt: string;
  direction: DevDirection;
  status: MessageStatus;
  numSegments: number;
  statusCallback: string | null;
}

export const API_VERSION = '2010-04-01';

export const messageUri = (accountSid: string, sid: string) =>
  `/${API_VERSION}/Accounts/${accountSid}/Messages/${sid}.json`;

/** The API's resource for a stored message, field for field as Twilio answers it. */
export function toResource(message: StoredMessage): MessageResource {
  const uri = messageUri(message.accountSid, message.sid);
  return {
    account_sid: message.accountSid,
    api_version: API_VERSION,
    body: message.body,
    date_created: rfc2822(message.createdAt),
    date_sent: message.sentAt ? rfc2822(message.sentAt) : null,
    date_updated: rfc2822(message.updatedAt),
    direction: message.direction,
    error_code: null,
    error_message: null,
    from: message.from,
    messaging_service_sid: message.messagingServiceSid,
    num_media: '0',
    num_segments: String(message.numSegments),
    price: null,
    price_unit: 'USD',
    sid: message.sid,
    status: message.status,
    subresource_uris: {
      media: uri.replace(/\.json$/, '/Media.json'),
      feedback: uri.replace(/\.json$/, '/Feedback.json'),
    },
    to: message.to,
    uri,
  };
}

export function toDevMessage(message: StoredMessage): DevMessage {
  return {
    sid: message.sid,
    to: message.to,
    from: message.from,
    body: message.body,
    sentAt: message.createdAt.toISOString(),
    direction: message.direction === 'inbound' ? 'inbound' : 'outbound',
    status: message.status,
    numSegments: message.numSegments,
    statusCallback: message.statusCallback,
  };
}

/** Keeps this many texts; older ones drop off. */
export const MESSAGES_CAPACITY = 500;

/** The last `capacity` texts, both ways, in memory only, newest first. */
export class MessageStore {
  private messages: StoredMessage[] = [];

  constructor(private readonly capacity = MESSAGES_CAPACITY) {}

  add(fields: Omit<StoredMessage, 'sid' | 'numSegments' | 'createdAt' | 'updatedAt' | 'sentAt'>): StoredMessage {
    const now = new Date();
    const message: StoredMessage = {
      ...fields,
      sid: newSid('SM'),
      numSegments: segmentsOf(fields.body),
      createdAt: now,
      updatedAt: now,
      sentAt: fields.direction === 'inbound' ? now : null,
    };
    this.messages.unshift(message);
    if (this.messages.length > this.capacity) this.messages.length = this.capacity;
    return message;
  }

  find(sid: string): StoredMessage | undefined {
    return this.messages.find((message) => message.sid === sid);
  }

  /** Moves a message on (queued → sent → delivered); answers false when it is no longer kept. */
  setStatus(message: StoredMessage, status: MessageStatus): boolean {
    if (!this.messages.includes(message)) return false;
    message.status = status;
    message.updatedAt = new Date();
    if (status === 'sent') message.sentAt = message.updatedAt;
    return true;
  }

  /** Newest first; `to` and `from` keep only texts to or from that number. */
  list(filter: { to?: string; from?: string } = {}): StoredMessage[] {
    return this.messages.filter(
      (message) => (!filter.to || message.to === filter.to) && (!filter.from || message.from === filter.from),
    );
  }

  clear(): void {
    this.messages = [];
  }
}
