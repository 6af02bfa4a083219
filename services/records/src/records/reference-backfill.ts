import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '@medical-qr/platform';
import { TagsRepository } from '../tags/tags.repository.js';
import { RecordsRepository } from './records.repository.js';

const BATCH = 500;
/**
 * How often it looks again after the start: during a rolling update, replicas of the previous release still make
 * codes without a reference for a few minutes. Each look is one read of an index that is empty once all have one.
 */
const INTERVAL_MS = 10 * 60_000;

/**
 * Gives every code and printed tag made before printed references one, in batches: at start (without holding it up:
 * the card needs none of it), then every few minutes for codes an older replica made meanwhile. Idempotent: a row
 * gets a reference only while it has none, so replicas running it at once never give one row two.
 */
@Injectable()
export class ReferenceBackfill implements OnApplicationBootstrap, OnModuleDestroy {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly records: RecordsRepository,
    private readonly tags: TagsRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap() {
    const pass = () => {
      this.running ??= this.run()
        .catch((error: unknown) => this.logger.warn({ err: error }, 'printed references not given; retried later'))
        .finally(() => (this.running = undefined));
    };
    pass();
    this.timer = setInterval(pass, INTERVAL_MS);
    this.timer.unref();
  }

  async onModuleDestroy() {
    clearInterval(this.timer);
    await this.running;
  }

  /** Gives every code and tag without a reference one; answers how many of each were looked at. */
  async run(): Promise<{ records: number; tags: number }> {
    let records = 0;
    for (let count = BATCH; count === BATCH; records += count) count = await this.records.giveMissingReferences(BATCH);
    let tags = 0;
    for (let count = BATCH; count === BATCH; tags += count) count = await this.tags.giveMissingReferences(BATCH);
    if (records + tags > 0) this.logger.info({ records, tags }, 'printed references given to older codes and tags');
    return { records, tags };
  }
}
