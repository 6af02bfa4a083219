import { Inject, Injectable } from '@nestjs/common';
import type { GatewayConfig } from '../config.js';
import { RateLimiter } from '../rate-limit/rate-limiter.js';
import { GATEWAY_CONFIG } from '../tokens.js';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export interface Attempt<T> {
  /** Whose attempts are counted together, e.g. `login-fail:<email>:<ip>`. */
  key: string;
  /** Checks the password; throws when it is refused. */
  check: () => Promise<T>;
  /** Whether a refusal was a wrong password (it stays counted) rather than something else (given back). */
  isWrongPassword: (error: unknown) => boolean;
}

/**
 * RATE_LIMIT_LOGIN_FAILURES_PER_15_MIN password checks per account (or user) and IP. Each attempt is
 * counted atomically BEFORE the password is checked, so parallel guesses cannot all pass a
 * check-then-count gap: of 20 at once, 5 are checked and 15 answered 429. A success clears the count;
 * an attempt refused for another reason (email not verified, a service down) is given back.
 */
@Injectable()
export class SignInAttempts {
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async run<T>(attempt: Attempt<T>): Promise<T> {
    const limit = {
      key: attempt.key,
      max: this.config.RATE_LIMIT_LOGIN_FAILURES_PER_15_MIN,
      windowMs: FIFTEEN_MINUTES,
    };
    await this.limiter.hit(limit);
    let result: T;
    try {
      result = await attempt.check();
    } catch (error) {
      if (!attempt.isWrongPassword(error)) await this.limiter.release(limit);
      throw error;
    }
    await this.limiter.reset(limit);
    return result;
  }
}
