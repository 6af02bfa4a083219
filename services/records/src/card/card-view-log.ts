import { type BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  AuditActions,
  coarseUserAgent,
  DurableEvents,
  SCAN_ALERT_INTERVAL_MS,
  TOKEN_PREFIX_LENGTH,
  type AuditEntry,
  type CardScannedEvent,
} from '@medical-qr/contracts';
import { type AuditTrail, CONFIG, EVENT_BUS, type EventBus, LOGGER, WriteBehindBuffer } from '@medical-qr/platform';
import { AUDIT_TRAIL } from '../audit-trail.js';
import type { RecordsConfig } from '../config.js';
import type { StoredRecord } from '../records/records.repository.js';
import { ScanLogRepository, type ScanLogEntry } from './scan-log.repository.js';

export type ViewSource = 'card' | 'scanner';

/** Who opened a card, as far as the alert and the log need to know. */
export interface CardView {
  userAgent: string;
  /** The viewer's address, for the audit log only. */
  ip?: string;
  /** The site it was opened on, for the alert's link. */
  appUrl: string;
  /** A link preview, crawler, scanner, prefetch or HEAD (the gateway's judgement): audited only, never a scan. */
  automated: boolean;
}

/**
 * Views are written CARD_VIEW_FLUSH_MS (200 ms) after the first of a batch at the latest, or as soon as BATCH_SIZE
 * wait; at most CAPACITY wait while the database or Redis is slow (the oldest dropped past it, counted and logged).
 * A crash loses what is held: in steady state the views of the last CARD_VIEW_FLUSH_MS, at worst CAPACITY of them.
 */
const BATCH_SIZE = 200;
const CAPACITY = 10_000;

/**
 * What a card view leaves behind, written off the responder's path: the scan-log row and the audit entry go into
 * write-behind buffers (a multi-row insert, one audit job per batch); a premium owner's alert is claimed and its event
 * stored at once, as before. On a clean shutdown, after NATS has stopped delivering and before the database and
 * Redis close, every held view is written and every alert under way finishes.
 */
@Injectable()
export class CardViewLog implements BeforeApplicationShutdown {
  private readonly scans: WriteBehindBuffer<ScanLogEntry>;
  private readonly audits: WriteBehindBuffer<AuditEntry>;
  private readonly alerts = new Set<Promise<void>>();

  constructor(
    private readonly scanLog: ScanLogRepository,
    @Inject(EVENT_BUS) private readonly events: EventBus,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
    @Inject(CONFIG) config: Pick<RecordsConfig, 'CARD_VIEW_FLUSH_MS'>,
  ) {
    const limits = { flushAfterMs: config.CARD_VIEW_FLUSH_MS, batchSize: BATCH_SIZE, capacity: CAPACITY, logger };
    this.scans = new WriteBehindBuffer({ name: 'scan-log', write: (rows) => scanLog.logScans(rows), ...limits });
    this.audits = new WriteBehindBuffer({
      name: 'card-view-audit',
      write: (rows) => audit.recordMany(rows),
      ...limits,
    });
  }

  /**
   * Audits the view and, for a person's, logs it and alerts a premium owner; the responder never waits for any of it,
   * nor fails for it.
   */
  record(record: StoredRecord, view: CardView, source: ViewSource): void {
    try {
      this.hold(record, view, source);
    } catch (error) {
      // Only after shutdown has begun (the buffers are closed); NATS has stopped delivering by then.
      this.logger.error({ err: error, recordId: record.id }, 'card view not logged');
    }
  }

  private hold(record: StoredRecord, view: CardView, source: ViewSource): void {
    // Every card view is audited (SPEC section 9), under the owner's id; the token never is. Stamped now, in the
    // request, so the entry keeps its time and request id however late its batch goes. An automated one too, flagged:
    // the audit trail is evidence of who fetched the card, machines included.
    this.audits.add(
      this.audit.stamp({
        action: AuditActions.cardViewed,
        userId: record.userId,
        ip: view.ip ?? null,
        userAgent: view.userAgent.slice(0, 300),
        details: { recordId: record.id, source, automated: view.automated },
      }),
    );
    // Only people count: a link preview or a prefetch is neither a scan in the owner's log nor a reason to alert them.
    if (view.automated) return;
    const viewer = coarseUserAgent(view.userAgent);
    this.scans.add({ recordId: record.id, viewer, source, viewedAt: new Date() });
    // Premium records never expire; only their owners get scan alerts.
    if (record.userId && record.expiresAt === null) this.track(this.alert(record, record.userId, viewer, view.appUrl));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.alerts]);
    await Promise.all([this.scans.close(), this.audits.close()]);
  }

  private async alert(record: StoredRecord, userId: string, viewer: string, appUrl: string): Promise<void> {
    if (!(await this.scanLog.claimScanAlert(record.id, SCAN_ALERT_INTERVAL_MS))) return;
    const event: CardScannedEvent = {
      userId,
      recordId: record.id,
      tokenPrefix: record.token.slice(0, TOKEN_PREFIX_LENGTH),
      viewedAt: new Date().toISOString(),
      viewer,
      appUrl,
    };
    // Stored durably before this returns: identity mails it even if it is down right now.
    await this.events.publish(DurableEvents.cardScanned, event);
  }

  private track(work: Promise<void>): void {
    const tracked = work
      .catch((error: unknown) => this.logger.error({ err: error }, 'card view not alerted'))
      .finally(() => this.alerts.delete(tracked));
    this.alerts.add(tracked);
  }
}
