import type { OnModuleDestroy, Provider } from '@nestjs/common';
import type { Logger } from 'pino';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/database.js';
import { startUpWork } from '../service/start-up-work.js';
import { DATABASE, LOGGER } from '../service/tokens.js';
import type { EventContext } from './event-envelope.js';
import { EVENT_RETENTION_MS } from './event-streams.js';

/** The table of handled events, the same in every consuming service's schema (run by runMigrations). */
export const PROCESSED_EVENTS_TABLE = `
  create table if not exists processed_events (
    event_id text primary key,
    subject text not null,
    processed_at timestamptz not null default now()
  );
  create index if not exists processed_events_processed_at on processed_events (processed_at);
`;

/** The transaction an effect runs in, together with the record that the event was handled. */
export type EventTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const SCHEMA_NAME = /^[a-z][a-z0-9_]{0,30}$/;

/**
 * Makes a consuming service's handler act once per event although events arrive at least once:
 * the event id goes into the service's `processed_events` table in the same transaction as the
 * effect, so a redelivered event finds its id and does nothing. The platform's migrations create
 * the table ({@link PROCESSED_EVENTS_TABLE}) in every service that consumes durable events.
 */
export class ProcessedEvents implements OnModuleDestroy {
  private forgetting?: NodeJS.Timeout;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly schema: string,
  ) {
    if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
  }

  /**
   * Runs `effect` unless this event was handled before; answers whether it ran. An effect that
   * throws rolls the record back, so the redelivery tries again.
   */
  async once(
    event: Pick<EventContext, 'id' | 'subject'>,
    effect: (tx: EventTransaction) => Promise<void>,
  ): Promise<boolean> {
    return this.database.db.transaction(async (tx) => {
      // A replica handling the same event right now holds this key: we wait for it, then see its row.
      const claimed = await tx.execute(
        sql`insert into ${sql.identifier(this.schema)}.processed_events (event_id, subject)
            values (${event.id}, ${event.subject}) on conflict (event_id) do nothing returning event_id`,
      );
      if (claimed.rows.length === 0) return false;
      await effect(tx);
      return true;
    });
  }

  /**
   * Forgets old ids every `everyMs`, not only at start: a process that runs for months would otherwise keep every id it
   * ever handled. Stops with the module.
   */
  forgetPeriodically(ageMs: number, everyMs: number, logger: Logger): void {
    this.forgetting = setInterval(() => {
      this.forgetOlderThan(ageMs).catch((error: unknown) =>
        logger.warn({ err: error, schema: this.schema }, 'old event ids not forgotten this time'),
      );
    }, everyMs);
    this.forgetting.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.forgetting);
  }

  /** Forgets events older than any redelivery can be (the stream keeps them EVENT_RETENTION_MS). */
  async forgetOlderThan(ageMs: number): Promise<number> {
    const result = await this.database.pool.query(
      `delete from "${this.schema}".processed_events where processed_at < now() - make_interval(secs => $1)`,
      [ageMs / 1000],
    );
    return result.rowCount ?? 0;
  }
}

const DAY_MS = 24 * 3600_000;

/**
 * A consuming service's {@link ProcessedEvents}, injectable by its class. Ids older than anything
 * the streams still keep are forgotten at start (migrations have made the table by then), then daily.
 */
export function processedEventsProvider(schema: string): Provider {
  return {
    provide: ProcessedEvents,
    inject: [DATABASE, LOGGER],
    useFactory: async (database: DatabaseHandle, logger: Logger) => {
      const processed = new ProcessedEvents(database, schema);
      await startUpWork('forgetting old event ids', () => processed.forgetOlderThan(2 * EVENT_RETENTION_MS), logger);
      processed.forgetPeriodically(2 * EVENT_RETENTION_MS, DAY_MS, logger);
      return processed;
    },
  };
}
