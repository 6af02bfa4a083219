import { Injectable } from '@nestjs/common';
import { ErrorCodes, RecordsMessages, type EmergencyCard } from '@medical-qr/contracts';
import { AppError } from '@medical-qr/platform';
import { toEmergencyCard } from '../records/record-views.js';
import { RecordsRepository, type StoredRecord } from '../records/records.repository.js';
import { CardViewLog, type CardView } from './card-view-log.js';

export type { CardView } from './card-view-log.js';

/**
 * What a scanned token opens now: a record to show (with the printed reference of what was scanned), no card at all,
 * or a card that no longer opens.
 */
type Opened = { record: StoredRecord; reference?: string } | 'unknown' | 'expired';

/** The public side of a code: the card a responder opens, the scan log, and alerts to premium owners. */
@Injectable()
export class CardService {
  constructor(
    private readonly records: RecordsRepository,
    private readonly views: CardViewLog,
  ) {}
  /**
   * The card at /emergency/{token}: 404 when unknown (a revoked tag too), 410 once expired or
   * replaced (a tag whose owner has no active record too, so it shows the expired page's advice).
   */
  async card(token: string, view: CardView): Promise<EmergencyCard> {
    const opened = await this.open(token);
    if (opened === 'unknown') throw new AppError(ErrorCodes.NOT_FOUND, RecordsMessages.cardNotFound);
    if (opened === 'expired') throw new AppError(ErrorCodes.GONE, RecordsMessages.cardExpired);
    this.views.record(opened.record, view, 'card');
    return toEmergencyCard(opened.record, opened.reference);
  }

  /** The same facts for the in-app scanner, which treats unknown and inactive alike. */
  async emergency(token: string, view: CardView): Promise<EmergencyCard> {
    const opened = await this.open(token);
    if (typeof opened === 'string') throw new AppError(ErrorCodes.NOT_FOUND, RecordsMessages.emergencyNotFound);
    this.views.record(opened.record, view, 'scanner');
    return toEmergencyCard(opened.record, opened.reference);
  }

  /**
   * A record's own token opens that record; else a printed tag's opens its owner's first active record, whatever
   * code it has now. An owner who revoked their consent shows nothing: their cards and tags answer like unknown ones.
   * One indexed statement answers all of it (RecordsRepository.openByToken).
   */
  private async open(token: string): Promise<Opened> {
    const found = await this.records.openByToken(token);
    if (!found || found.consentWithdrawn) return 'unknown';
    return found.record?.isActive ? { record: found.record, reference: found.reference } : 'expired';
  }
}
