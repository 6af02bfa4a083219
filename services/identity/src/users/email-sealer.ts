import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { inBatches, LOGGER, startUpWork } from '@medical-qr/platform';
import { UsersRepository } from './users.repository.js';

/**
 * At start, seals the emails that accounts made before migration 0004 hold in clear (a keyed hash and a
 * ciphertext instead), so from then on the users table names nobody. Replicas may seal the same row twice: the
 * result is the same.
 */
@Injectable()
export class EmailSealer implements OnApplicationBootstrap {
  constructor(
    private readonly users: UsersRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const sealed = await startUpWork(
      'sealing plain account emails',
      () => inBatches((limit) => this.users.sealPlainEmails(limit)),
      this.logger,
    );
    if (sealed > 0) this.logger.info({ sealed }, 'plain account emails sealed');
  }
}
