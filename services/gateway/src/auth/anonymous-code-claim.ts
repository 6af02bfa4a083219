import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { RecordsApi } from '@medical-qr/contracts';
import { LOGGER, SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';

/** A sign-in waits at most this long for the claim; one that did not finish happens at the next sign-in. */
const CLAIM_TIMEOUT_MS = 1500;

/**
 * Makes the anonymous code made with an account's email that account's, once the email is proven
 * theirs (its verification link followed, or Google's word), so it shows in their history. Asked
 * at every such moment and at each sign-in of a verified account: claiming is idempotent, and a
 * claim that failed (records did not answer) is made the next time. Never fails the sign-in.
 */
@Injectable()
export class AnonymousCodeClaim {
  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async claimFor(user: { userId: string; email: string; emailVerified: boolean }): Promise<void> {
    // An unverified address may be someone else's: their code, and its medical data, stay theirs.
    if (!user.emailVerified) return;
    try {
      const { claimed } = await this.services.send(
        RecordsApi.claimAnonymous,
        { userId: user.userId, email: user.email },
        { timeoutMs: CLAIM_TIMEOUT_MS },
      );
      if (claimed > 0) this.logger.info({ userId: user.userId, claimed }, 'anonymous code claimed by its account');
    } catch (error) {
      this.logger.warn(
        { userId: user.userId, reason: (error as Error).message },
        'anonymous code not claimed now: tried again at the next sign-in',
      );
    }
  }
}
