import type { Logger } from 'pino';
import { batchItemsDropped, batchItemsWritten } from '../metrics/batch-metrics.js';

export interface WriteBehindBufferOptions<T> {
  /** Names the buffer in logs and metrics. */
  name: string;
  /** Writes one batch (a multi-row insert, a bulk enqueue); a throw loses that batch, logged and counted. */
  write: (items: T[]) => Promise<void>;
  /** A batch is written at the latest this long after its first item arrived. */
  flushAfterMs: number;
  /** A batch is written as soon as it holds this many items, and never holds more. */
  batchSize: number;
  /** Items held at most while a write is under way; past it the oldest are dropped (and counted). */
  capacity: number;
  logger: Logger;
}

/**
 * Collects items written after the request that made them has been answered, and writes them in batches: one write
 * at a time, every `flushAfterMs` or as soon as `batchSize` are waiting. Bounded: while the writer is slower than the
 * items come (a stalled database), at most `capacity` wait and the oldest go first, counted in
 * batch_items_dropped_total and logged. `close` writes everything still held, for a clean shutdown; a crash loses
 * what is held, at most `capacity` items (in practice what arrived in the last `flushAfterMs`).
 */
export class WriteBehindBuffer<T> {
  private held: T[] = [];
  private timer?: NodeJS.Timeout;
  private writing?: Promise<void>;
  private droppedSinceLog = 0;
  private closed = false;

  constructor(private readonly options: WriteBehindBufferOptions<T>) {
    if (options.batchSize < 1 || options.capacity < options.batchSize)
      throw new Error(`${options.name}: batchSize must be at least 1 and capacity at least batchSize`);
  }

  /** Items waiting to be written (not counting a batch being written). */
  get size(): number {
    return this.held.length;
  }

  add(item: T): void {
    if (this.closed) throw new Error(`${this.options.name} is closed`);
    this.held.push(item);
    if (this.held.length > this.options.capacity) {
      const over = this.held.length - this.options.capacity;
      this.held.splice(0, over);
      this.droppedSinceLog += over;
      batchItemsDropped.inc({ buffer: this.options.name }, over);
    }
    if (this.held.length >= this.options.batchSize) this.flushSoon();
    else this.timer ??= setTimeout(() => this.flushSoon(), this.options.flushAfterMs);
  }

  /** Writes everything held now (waiting for a write under way first). */
  async flush(): Promise<void> {
    while (this.writing || this.held.length > 0) {
      if (this.writing) await this.writing;
      else this.flushSoon();
    }
  }

  /** Takes no more items and writes everything held: for a clean shutdown, before the writer's connections close. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  /** Starts writing a batch unless a write is under way (which starts the next when it ends). */
  private flushSoon(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.writing || this.held.length === 0) return;
    const batch = this.held.splice(0, this.options.batchSize);
    this.writing = this.writeBatch(batch).finally(() => {
      this.writing = undefined;
      // What arrived meanwhile: a full batch goes at once, a partial one after the usual wait.
      if (this.held.length >= this.options.batchSize) this.flushSoon();
      else if (this.held.length > 0 && !this.closed)
        this.timer ??= setTimeout(() => this.flushSoon(), this.options.flushAfterMs);
    });
  }

  private async writeBatch(batch: T[]): Promise<void> {
    const { name, logger } = this.options;
    if (this.droppedSinceLog > 0) {
      logger.warn(
        { buffer: name, dropped: this.droppedSinceLog },
        'write-behind buffer full: dropped the oldest items',
      );
      this.droppedSinceLog = 0;
    }
    try {
      await this.options.write(batch);
      batchItemsWritten.inc({ buffer: name, outcome: 'ok' }, batch.length);
    } catch (error) {
      batchItemsWritten.inc({ buffer: name, outcome: 'failed' }, batch.length);
      logger.error({ err: error, buffer: name, items: batch.length }, 'write-behind batch not written');
    }
  }
}
