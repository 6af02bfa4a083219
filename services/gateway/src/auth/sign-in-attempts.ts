import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { limitedAddress } from '../http/client-address.js';
import { type Limit, RateLimiter } from '../rate-limit/rate-limiter.js';
import { GATEWAY_CONFIG } from '../tokens.js';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
export const ACCOUNT_LOCK_MINUTES = FIFTEEN_MINUTES / 60_000;

/** What is guessed at: a password sign-in (the account as typed) or a re-authentication (the signed-in user). */
export type GuessedAccount = { kind: 'login'; email: string } | { kind: 'reauth'; userId: string };

export interface Attempt<T> {
  account: GuessedAccount;
  /** The client's IP (counted by its /64 when IPv6). */
  ip: string;
  /** Checks the password; throws when it is refused. */
  check: () => Promise<T>;
  /** Whether a refusal was a wrong password (it stays counted) rather than something else (given back). */
  isWrongPassword: (error: unknown) => boolean;
  /** Called once when the account's limit is reached (the first refused attempt of a pause), to tell the owner. */
  onAccountLocked: () => Promise<void>;
}

const accountName = (account: GuessedAccount) =>
  account.kind === 'login' ? `login:${account.email}` : `reauth:${account.userId}`;

/**
 * Password guessing, counted twice: RATE_LIMIT_LOGIN_FAILURES_PER_15_MIN attempts per account (or user) and address,
 * and RATE_LIMIT_ACCOUNT_FAILURES_PER_15_MIN per account across all addresses, so many addresses cannot share out
 * the guesses. Each attempt is counted atomically BEFORE the password is checked, so parallel guesses cannot all pass
 * a check-then-count gap. A success clears the address's count and gives back its own on the account (the others'
 * stay until the window ends or a password reset clears them); an attempt refused for another reason (email not
 * verified, a service down) is given back. The first attempt past the account's limit asks `onAccountLocked` to tell
 * the owner, once per pause.
 */
@Injectable()
export class SignInAttempts {
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async run<T>(attempt: Attempt<T>): Promise<T> {
    const pair = this.pairLimit(attempt.account, attempt.ip);
    const account = this.accountLimit(attempt.account);
    await this.limiter.hit(pair);
    // Exactly one attempt finds the account's count one past its limit: that one tells the owner.
    await this.limiter.hit(account, () => this.tellOwner(attempt));
    let result: T;
    try {
      result = await attempt.check();
    } catch (error) {
      if (!attempt.isWrongPassword(error))
        await Promise.all([this.limiter.release(pair), this.limiter.release(account)]);
      throw error;
    }
    // A right password is no failure: the account gets its count back; the address starts afresh.
    await Promise.all([this.limiter.reset(pair), this.limiter.release(account)]);
    return result;
  }

  /** Lifts the account's pause and the address's count, after the owner proved it is them (a password reset). */
  async clear(account: GuessedAccount, ip?: string): Promise<void> {
    await this.limiter.reset(this.accountLimit(account));
    if (ip) await this.limiter.reset(this.pairLimit(account, ip));
  }

  private async tellOwner(attempt: Attempt<unknown>): Promise<void> {
    try {
      await attempt.onAccountLocked();
    } catch (error) {
      this.logger.warn({ reason: (error as Error).message }, 'the owner of a paused account could not be told');
    }
  }

  private pairLimit(account: GuessedAccount, ip: string): Limit {
    return {
      key: `${account.kind}-fail:${accountName(account)}:${limitedAddress(ip)}`,
      max: this.config.RATE_LIMIT_LOGIN_FAILURES_PER_15_MIN,
      windowMs: FIFTEEN_MINUTES,
    };
  }

  private accountLimit(account: GuessedAccount): Limit {
    return {
      key: `${account.kind}-account-fail:${accountName(account)}`,
      max: this.config.RATE_LIMIT_ACCOUNT_FAILURES_PER_15_MIN,
      windowMs: FIFTEEN_MINUTES,
    };
  }
}
