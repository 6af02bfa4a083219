import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  AuditActions,
  coarseUserAgent,
  DurableEvents,
  ErrorCodes,
  RecordsMessages,
  SCAN_ALERT_INTERVAL_MS,
  TOKEN_PREFIX_LENGTH,
  type CardScannedEvent,
  type EmergencyCard,
} from '@medical-qr/contracts';
import { AppError, type AuditTrail, EVENT_BUS, type EventBus, LOGGER } from '@medical-qr/platform';
import { AUDIT_TRAIL } from '../audit-trail.js';
import { toEmergencyCard } from '../records/record-views.js';
import { RecordsRepository, type StoredRecord } from '../records/records.repository.js';
import { ConsentRepository } from '../consent/consent.repository.js';
import { TagsRepository } from '../tags/tags.repository.js';

type ViewSource = 'card' | 'scanner';

/** What a scanned token opens now: a record to show, no card at all, or a card that no longer opens. */
type Opened = { record: StoredRecord } | 'unknown' | 'expired';

/** Who opened a card, as far as the alert and the log need to know. */
export interface CardView {
  userAgent: string;
  /** The viewer's address, for the audit log only. */
  ip?: string;
  /** The site it was opened on, for the alert's link. */
  appUrl: string;
}

/** The public side of a code: the card a responder opens, the scan log, and alerts to premium owners. */
@Injectable()
export class CardService {
  constructor(
    private readonly records: RecordsRepository,
    private readonly tags: TagsRepository,
    private readonly consent: ConsentRepository,
    @Inject(EVENT_BUS) private readonly events: EventBus,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
  ) {}

  /**
   * The card at /emergency/{token}: 404 when unknown (a revoked tag too), 410 once expired or
   * replaced (a tag whose owner has no active record too, so it shows the expired page's advice).
   */
  async card(token: string, view: CardView): Promise<EmergencyCard> {
    const opened = await this.open(token);
    if (opened === 'unknown') throw new AppError(ErrorCodes.NOT_FOUND, RecordsMessages.cardNotFound);
    if (opened === 'expired') throw new AppError(ErrorCodes.GONE, RecordsMessages.cardExpired);
    this.recordView(opened.record, view, 'card');
    return toEmergencyCard(opened.record);
  }

  /** The same facts for the in-app scanner, which treats unknown and inactive alike. */
  async emergency(token: string, view: CardView): Promise<EmergencyCard> {
    const opened = await this.open(token);
    if (typeof opened === 'string') throw new AppError(ErrorCodes.NOT_FOUND, RecordsMessages.emergencyNotFound);
    this.recordView(opened.record, view, 'scanner');
    return toEmergencyCard(opened.record);
  }

  /**
   * A record's own token opens that record; else a printed tag's opens its owner's first active
   * record (findFirstActive), whatever code it has now. One indexed read per table; a record's card needs only the first.
   * An owner who revoked their consent shows nothing: their cards and tags answer like unknown ones.
   */
  private async open(token: string): Promise<Opened> {
    const record = await this.records.findByToken(token);
    if (record) {
      if (record.userId && (await this.consent.isWithdrawn(record.userId))) return 'unknown';
      return record.isActive ? { record } : 'expired';
    }
    const ownerId = await this.tags.findOwnerOfLiveTag(token);
    if (!ownerId || (await this.consent.isWithdrawn(ownerId))) return 'unknown';
    const current = await this.records.findFirstActive(ownerId);
    return current?.isActive ? { record: current } : 'expired';
  }

  /** Logs the view and alerts a premium owner, after the card has gone out: the responder never waits for it. */
  private recordView(record: StoredRecord, view: CardView, source: ViewSource) {
    const viewer = coarseUserAgent(view.userAgent);
    void (async () => {
      await this.records.logScan(record.id, viewer, source);
      // Every card view is audited (SPEC section 9), under the owner's id; the token never is.
      await this.audit.record({
        action: AuditActions.cardViewed,
        userId: record.userId,
        ip: view.ip ?? null,
        userAgent: view.userAgent.slice(0, 300),
        details: { recordId: record.id, source },
      });
      // Premium records never expire; only their owners get scan alerts.
      if (!record.userId || record.expiresAt !== null) return;
      if (!(await this.records.claimScanAlert(record.id, SCAN_ALERT_INTERVAL_MS))) return;
      const event: CardScannedEvent = {
        userId: record.userId,
        recordId: record.id,
        tokenPrefix: record.token.slice(0, TOKEN_PREFIX_LENGTH),
        viewedAt: new Date().toISOString(),
        viewer,
        appUrl: view.appUrl,
      };
      // Stored durably before this returns: identity mails it even if it is down right now.
      await this.events.publish(DurableEvents.cardScanned, event);
    })().catch((error: unknown) =>
      this.logger.error({ err: error, recordId: record.id }, 'card view not logged or alerted'),
    );
  }
}
