import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { inBatches, LOGGER, startUpWork } from '@medical-qr/platform';
import { RecordsRepository } from './records.repository.js';

/**
 * At start, seals the card tokens that rows written before migration 0003 hold in clear (a keyed
 * hash and a ciphertext instead), so from then on the database alone opens no card.
 */
@Injectable()
export class TokenSealer implements OnApplicationBootstrap {
  constructor(
    private readonly records: RecordsRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const sealed = await startUpWork(
      'sealing plain card tokens',
      () => inBatches((limit) => this.records.sealPlainTokens(limit)),
      this.logger,
    );
    if (sealed > 0) this.logger.info({ sealed }, 'plain card tokens sealed');
  }
}
