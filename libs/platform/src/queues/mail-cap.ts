import type { OnApplicationShutdown } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { Redis } from 'ioredis';
import { EmailIndex } from '../crypto/email-index.js';
import { AppError } from '../errors/app-error.js';

/** Mails a stranger can have sent to one address per hour, whoever asks and from wherever (docs/decisions.md). */
export const MAIL_CAP_PER_HOUR = 5;
const ONE_HOUR_MS = 60 * 60 * 1000;

export interface MailCapSettings {
  redisUrl: string;
  /** The system's Redis prefix; counters live under `{prefix}:mail-cap:`. */
  prefix: string;
  /** EMAIL_INDEX_KEY: the counters are keyed by a digest derived from it, never by the address. */
  emailIndexKey: string;
  max?: number;
  windowMs?: number;
}

/**
 * The one cap on mails anybody can make the system send to an address (password reset, verification links, the
 * "someone tried to register" notice, the anonymous code's confirmation): at most MAIL_CAP_PER_HOUR per address per
 * hour, counted in Redis under a keyed digest of the address, whichever IP or route asked. A caller asks `allows`
 * right before queueing such a mail and silently skips it when refused, answering as if it had been sent (so
 * nothing tells a stranger whether the address has an account).
 */
export class MailCap implements OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly digest: EmailIndex;
  private readonly max: number;
  private readonly windowMs: number;

  constructor(private readonly settings: MailCapSettings) {
    this.redis = new Redis(settings.redisUrl, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      commandTimeout: 2000,
      connectionName: `${settings.prefix}:mail-cap`,
    });
    // Reported by `allows`; without a listener ioredis prints every connection error.
    this.redis.on('error', () => undefined);
    // Its own key, so these counters cannot be matched with the database's email index.
    this.digest = new EmailIndex(createHmac('sha256', settings.emailIndexKey).update('mail-cap').digest('base64url'));
    this.max = settings.max ?? MAIL_CAP_PER_HOUR;
    this.windowMs = settings.windowMs ?? ONE_HOUR_MS;
  }

  /** Counts one mail to `email`; answers whether it is within the cap (send it) or not (skip it). */
  async allows(email: string): Promise<boolean> {
    const key = `${this.settings.prefix}:mail-cap:${this.digest.of(email)}`;
    let results: Array<[Error | null, unknown]> | null;
    try {
      results = await this.redis.multi().incr(key).pexpire(key, this.windowMs, 'NX').exec();
    } catch {
      throw AppError.unavailable('Mail cannot be sent right now. Please try again in a minute.');
    }
    return Number(results?.[0]?.[1] ?? Infinity) <= this.max;
  }

  async onApplicationShutdown(): Promise<void> {
    this.redis.disconnect();
  }
}
