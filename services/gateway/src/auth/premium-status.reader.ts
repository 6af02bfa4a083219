import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { BillingApi } from '@medical-qr/contracts';
import { LOGGER, SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { GATEWAY_CONFIG } from '../tokens.js';

/** A page load waits at most this long for billing before it goes on without premium. */
const PREMIUM_LOOKUP_TIMEOUT_MS = 1500;

/**
 * Whether a user is premium, as billing (the one source of premium truth) says. When billing does
 * not answer, the user is shown as not premium and a warning is logged, rather than failing sign-in
 * and every page load: premium actions are checked with billing again where they happen, so this
 * can hide a badge for a while but never grant anything (docs/decisions.md).
 */
@Injectable()
export class PremiumStatusReader {
  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async isPremium(userId: string): Promise<boolean> {
    try {
      const status = await this.services.send(
        BillingApi.premiumStatus,
        { userId },
        { timeoutMs: Math.min(PREMIUM_LOOKUP_TIMEOUT_MS, this.config.NATS_REQUEST_TIMEOUT_MS) },
      );
      return status?.isPremium === true;
    } catch (error) {
      this.logger.warn(
        { userId, reason: (error as Error).message },
        'premium status unknown: billing did not answer, so the user is shown as not premium',
      );
      return false;
    }
  }
}
