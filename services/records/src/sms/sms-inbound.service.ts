import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  AuditActions,
  cardTexts,
  ErrorCodes,
  findReferenceIn,
  firstMinuteBlock,
  firstMinuteLabels,
  type InboundSms,
  languageOfCountry,
  offlineCardText,
} from '@medical-qr/contracts';
import { AppError, type AuditTrail, CONFIG, LOGGER } from '@medical-qr/platform';
import { AUDIT_TRAIL } from '../audit-trail.js';
import type { RecordsConfig } from '../config.js';
import { FamilyAlertsService } from '../family-alerts/family-alerts.service.js';
import { toEmergencyCard } from '../records/record-views.js';
import { PrintedReferences } from '../records/printed-references.js';
import { RecordsRepository } from '../records/records.repository.js';
import { countryOfNumber, NumberIndex, textableNumber } from './sms-numbers.js';
import { newTextId, SmsOutboxRepository } from './sms-outbox.repository.js';

/** The opt-out and opt-in words carriers and Twilio recognise, alone in a text. */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE']);
const START_WORDS = new Set(['START', 'UNSTOP', 'YES', 'OPTIN']);
/** Texts from one number that open no card, in an hour, before the next ones are refused without an answer. */
export const SMS_MISSES_PER_HOUR = 10;
const HOUR_MS = 3600 * 1000;

export type InboundOutcome = 'opted-out' | 'opted-in' | 'card' | 'miss' | 'refused' | 'ignored';

/**
 * A text to the service's number. STOP (and its kin) stops every text to that number, START lifts it. Any other text
 * is read for a printed reference: one that opens a card (as its QR would: active, consent given) is answered with the
 * first-minute facts in the language of the sender's country, and the card's contacts are told, with the sender's
 * number to call back. Texts that open nothing are answered so, and past SMS_MISSES_PER_HOUR an hour from one number,
 * refused without an answer (a reference is a key: guessing it is what this stops).
 */
@Injectable()
export class SmsInboundService {
  constructor(
    private readonly records: RecordsRepository,
    private readonly outbox: SmsOutboxRepository,
    private readonly alerts: FamilyAlertsService,
    private readonly numbers: NumberIndex,
    private readonly references: PrintedReferences,
    @Inject(CONFIG) private readonly config: RecordsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
  ) {}

  async handle(sms: InboundSms): Promise<InboundOutcome> {
    const from = textableNumber(sms.from, this.config.SMS_DEFAULT_REGION);
    if (!from) return 'ignored';
    const fromIndex = this.numbers.of(from);
    const word = sms.body.trim().toUpperCase();
    if (STOP_WORDS.has(word)) {
      await this.outbox.optOut(fromIndex);
      return 'opted-out';
    }
    if (START_WORDS.has(word)) {
      await this.outbox.optIn(fromIndex);
      return 'opted-in';
    }
    // Someone who said STOP is not texted, whatever they send, until they say START.
    if (await this.outbox.isOptedOut(fromIndex)) return 'ignored';
    if ((await this.outbox.missesSince(fromIndex, HOUR_MS)) >= SMS_MISSES_PER_HOUR) return 'refused';
    const language = languageOfCountry(sms.fromCountry ?? countryOfNumber(from));
    const reference = findReferenceIn(sms.body);
    const opened = reference ? await this.records.openByReference(this.references.indexOf(reference)) : undefined;
    const record = opened && !opened.consentWithdrawn && opened.record?.isActive ? opened.record : undefined;
    if (!record) {
      if ((await this.outbox.countMiss(fromIndex, HOUR_MS)) > SMS_MISSES_PER_HOUR) return 'refused';
      await this.reply(from, fromIndex, cardTexts(language).t('smsReferenceMiss'));
      return 'miss';
    }
    // A card opened by text is a card view: audited like one (the number never is).
    this.audit
      .record({
        action: AuditActions.cardViewed,
        userId: record.userId,
        details: { recordId: record.id, source: 'sms' },
      })
      .catch((error: unknown) => this.logger.error({ err: error }, 'a card view by text not audited'));
    const told = await this.tellFamily(record, from, sms.appUrl);
    const texts = cardTexts(language);
    const labels = firstMinuteLabels(texts);
    const { text } = offlineCardText(firstMinuteBlock(toEmergencyCard(record, undefined), language, labels), labels);
    await this.reply(from, fromIndex, told ? `${text}\n${texts.t('smsFamilyTold')}` : text, record.id);
    return 'card';
  }

  /** The card's contacts are told as from its form, with the sender's number; past the card's limit, not again. */
  private async tellFamily(record: Parameters<FamilyAlertsService['tell']>[0], from: string, appUrl: string) {
    try {
      const { contactsTexted } = await this.alerts.tell(record, { source: 'sms', callbackNumber: from }, appUrl);
      return contactsTexted > 0;
    } catch (error) {
      // Past the card's limit, or no contact to text: the sender still gets the facts.
      const expected: readonly string[] = [ErrorCodes.RATE_LIMITED, ErrorCodes.VALIDATION_ERROR];
      if (error instanceof AppError && expected.includes(error.code)) return false;
      this.logger.error({ err: error, recordId: record.id }, 'a texted reference could not alert the family');
      return false;
    }
  }

  private async reply(to: string, toIndex: string, body: string, recordId?: string): Promise<void> {
    const id = newTextId();
    await this.outbox.insert([{ id, to, toIndex, body, purpose: 'reference-reply', recordId }]);
    await this.alerts.queueTexts([id]);
  }
}
