import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { EMERGENCY_TOKEN_PATTERN, type EmergencyCard, ErrorCodes, RecordsApi } from '@medical-qr/contracts';
import { AppError, SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { appUrl } from '../http/app-url.js';
import { PublicBuckets } from '../rate-limit/public-buckets.js';
import { PublicLimits } from '../rate-limit/public-limits.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import { clientInfo } from '../http/client-info.js';
import { isAutomatedVisit } from '../http/automated-visit.js';

/**
 * How long a card waits for the records service: a responder must see the card or the call-911 page within 2 s,
 * whether records is stalled or NATS is gone (a request in flight when NATS drops would otherwise wait the full
 * request deadline).
 */
const CARD_READ_TIMEOUT_MS = 1500;

/**
 * Asks the records service for a card, as the JSON routes and the server-rendered page both do (so every view is
 * audited, and a person's is logged and alerts fire; a preview, crawler, prefetch or HEAD is marked automated and does
 * neither: automated-visit.ts). A card that opens is never refused, whatever else its address did (a hospital's Wi-Fi
 * puts many people behind one); only misses (unknown or malformed tokens) count, per address, against enumeration.
 */
@Injectable()
export class CardReader {
  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly limits: PublicLimits,
  ) {}

  async read(
    message: typeof RecordsApi.card | typeof RecordsApi.emergency,
    token: string,
    req: Request,
    notFound: string,
  ): Promise<EmergencyCard> {
    try {
      // A token that cannot exist never reaches the database.
      if (!EMERGENCY_TOKEN_PATTERN.test(token)) throw new AppError(ErrorCodes.NOT_FOUND, notFound);
      return await this.services.send(
        message,
        {
          token,
          viewer: {
            userAgent: (req.get('user-agent') ?? '').slice(0, 512),
            ip: clientInfo(req).ip ?? undefined,
            automated: isAutomatedVisit(req),
          },
          appUrl: appUrl(req, this.config),
        },
        { timeoutMs: Math.min(CARD_READ_TIMEOUT_MS, this.config.NATS_REQUEST_TIMEOUT_MS) },
      );
    } catch (error) {
      // Over the limit, the miss answers 429 instead of 404.
      if (error instanceof AppError && error.code === ErrorCodes.NOT_FOUND)
        await this.limits.count(PublicBuckets.cardMiss, req);
      throw error;
    }
  }
}
