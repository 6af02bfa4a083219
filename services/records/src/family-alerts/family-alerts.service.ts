import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  AppRoutes,
  AuditActions,
  DurableEvents,
  ErrorCodes,
  FAMILY_ALERTS_LISTED,
  FAMILY_ALERTS_PER_CARD,
  FAMILY_ALERTS_PER_CARD_WINDOW_MS,
  FamilyAlertMessages,
  type FamilyAlertForContact,
  type FamilyAlertState,
  type FamilyAlertStatus,
  IdentityApi,
  isResponderLanguage,
  type OwnerFamilyAlert,
  Queues,
  RecordsMessages,
  type ResponderNote,
  type SmsJob,
  SmsJobs,
  type TellFamilyReply,
  type TellFamilyRequest,
} from '@medical-qr/contracts';
import {
  AppError,
  type AuditTrail,
  CONFIG,
  EVENT_BUS,
  type EventBus,
  InjectQueue,
  type JobQueue,
  linkTokenHash,
  LOGGER,
  newLinkToken,
  SERVICE_CLIENT,
  type ServiceClient,
} from '@medical-qr/platform';
import { AUDIT_TRAIL } from '../audit-trail.js';
import type { RecordsConfig } from '../config.js';
import { RecordsRepository, type StoredRecord } from '../records/records.repository.js';
import { NumberIndex, textableNumber } from '../sms/sms-numbers.js';
import { newTextId, SmsOutboxRepository, type NewText } from '../sms/sms-outbox.repository.js';
import { type AlertedContact, FamilyAlertsRepository, type StoredAlert } from './family-alerts.repository.js';
import { familyAlertStatusOf, ownerFamilyAlert } from './family-alert-views.js';
import { familyText } from './family-texts.js';

/** A contact's "I'm on it" page: short, as it is texted. */
export const contactLinkPath = (ackKey: string) => `/f/${ackKey}`;

/**
 * "Tell their family": texts a card's contacts (primary first) what the responder wrote, with a link each to answer
 * "I'm on it"; mails and pushes to the owner; texts the contacts once more when nobody answered in time. The texts go
 * through the outbox and the SMS queue, once per contact, alert and round.
 */
@Injectable()
export class FamilyAlertsService {
  constructor(
    private readonly records: RecordsRepository,
    private readonly alerts: FamilyAlertsRepository,
    private readonly outbox: SmsOutboxRepository,
    private readonly numbers: NumberIndex,
    @InjectQueue(Queues.recordsSms) private readonly queue: JobQueue<SmsJob>,
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(EVENT_BUS) private readonly events: EventBus,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
    @Inject(CONFIG) private readonly config: RecordsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** From the card's form: the card must open now, as it does for the responder. */
  async tellFromCard(request: TellFamilyRequest): Promise<TellFamilyReply> {
    const found = await this.records.openByToken(request.token);
    if (!found || found.consentWithdrawn) throw new AppError(ErrorCodes.NOT_FOUND, RecordsMessages.cardNotFound);
    if (!found.record?.isActive) throw new AppError(ErrorCodes.GONE, RecordsMessages.cardExpired);
    const reply = await this.tell(found.record, { ...request.alert, source: 'card' }, request.appUrl);
    this.audit
      .record({
        action: AuditActions.familyAlertSent,
        userId: found.record.userId,
        ip: request.viewer.ip ?? null,
        userAgent: request.viewer.userAgent.slice(0, 300),
        details: { recordId: found.record.id, contactsTexted: reply.contactsTexted, source: 'card' },
      })
      .catch((error: unknown) => this.logger.error({ err: error }, 'family alert not audited'));
    return reply;
  }

  /**
   * Sends an alert for a card that opened (from its form, or a text of its printed reference): refused past the
   * card's limit (429), and when no contact can be texted (400): contacts whose number cannot be texted, or who
   * replied STOP, are not texted nor counted.
   */
  async tell(record: StoredRecord, note: ResponderNote, appUrl: string): Promise<TellFamilyReply> {
    const contacts = await this.textableContacts(record);
    if (contacts.length === 0) throw new AppError(ErrorCodes.VALIDATION_ERROR, FamilyAlertMessages.noContacts);
    const id = randomUUID();
    const statusKey = newLinkToken();
    const language = isResponderLanguage(record.details.writtenIn) ? record.details.writtenIn : 'en';
    const withKeys = contacts.map((contact) => {
      const ackKey = newLinkToken();
      return { ...contact, ackUrl: `${appUrl}${contactLinkPath(ackKey)}`, ackKeyHash: linkTokenHash(ackKey) };
    });
    const personName = `${record.details.firstName} ${record.details.lastName}`.trim();
    const texts = withKeys.map((contact) => this.textFor(id, contact, { language, personName, note, round: 1 }));
    const created = await this.alerts.createWithinLimit(
      {
        id,
        recordId: record.id,
        userId: record.userId,
        statusKeyHash: linkTokenHash(statusKey),
        note,
        language,
        contacts: withKeys,
        texts,
      },
      FAMILY_ALERTS_PER_CARD,
      new Date(Date.now() - FAMILY_ALERTS_PER_CARD_WINDOW_MS),
    );
    if (!created) {
      throw new AppError(ErrorCodes.RATE_LIMITED, FamilyAlertMessages.cardLimit, {
        retryAfterSeconds: FAMILY_ALERTS_PER_CARD_WINDOW_MS / 1000,
      });
    }
    await this.queueAlert(id, texts);
    // The owner's mail and push: the responder does not wait for them.
    if (record.userId) void this.tellOwner(record, id, note, texts.length, appUrl);
    return { statusKey, contactsTexted: texts.length };
  }

  async status(statusKey: string): Promise<FamilyAlertStatus> {
    const alert = await this.alerts.findByStatusKeyHash(linkTokenHash(statusKey));
    if (!alert) throw new AppError(ErrorCodes.NOT_FOUND, FamilyAlertMessages.notFound);
    return familyAlertStatusOf(alert, await this.alerts.contactsOf(alert.id));
  }

  async forContact(ackKey: string): Promise<FamilyAlertForContact> {
    const found = await this.alerts.findByAckKeyHash(linkTokenHash(ackKey));
    if (!found) throw new AppError(ErrorCodes.NOT_FOUND, FamilyAlertMessages.notFound);
    return this.contactView(found.alert, found.contact);
  }

  /** "I'm on it": the first contact to answer acknowledges it for everyone; answering again changes nothing. */
  async acknowledge(ackKey: string): Promise<FamilyAlertForContact> {
    const found = await this.alerts.findByAckKeyHash(linkTokenHash(ackKey));
    if (!found) throw new AppError(ErrorCodes.NOT_FOUND, FamilyAlertMessages.notFound);
    const { alert, contact } = found;
    if (await this.alerts.acknowledge(alert.id, contact.position)) {
      await this.announce(alert.userId, alert.id, 'acknowledged');
      this.audit
        .record({
          action: AuditActions.familyAlertAcknowledged,
          userId: alert.userId,
          details: { recordId: alert.recordId, alertId: alert.id },
        })
        .catch((error: unknown) => this.logger.error({ err: error }, 'family alert answer not audited'));
    }
    const now = (await this.alerts.findById(alert.id)) ?? alert;
    return this.contactView(now, contact);
  }

  /**
   * Nobody answered in time: texts every contact once more and tells the owner's tabs. Once per alert, whether the
   * delayed job or the sweep gets there first; nothing when a contact answered meanwhile.
   */
  async escalate(alertId: string): Promise<void> {
    const record = await this.recordOf(alertId);
    let roundTwo: NewText[] = [];
    const escalated = await this.alerts.markUnanswered(alertId, async (alert) => {
      const contacts = await this.alerts.contactsOf(alert.id);
      const personName = record ? `${record.details.firstName} ${record.details.lastName}`.trim() : '';
      const stillTextable = [];
      for (const contact of contacts) {
        if (!(await this.outbox.isOptedOut(this.numbers.of(contact.number)))) stillTextable.push(contact);
      }
      roundTwo = stillTextable.map((contact) =>
        this.textFor(alert.id, contact, {
          language: alert.language,
          personName,
          note: alert.note,
          round: 2,
        }),
      );
      return roundTwo;
    });
    if (!escalated) return;
    await this.queueTexts(roundTwo.map((text) => text.id));
    const alert = await this.alerts.findById(alertId);
    if (alert) await this.announce(alert.userId, alert.id, 'unanswered');
  }

  async ownerAlerts(userId: string): Promise<OwnerFamilyAlert[]> {
    const alerts = await this.alerts.listForOwner(userId, FAMILY_ALERTS_LISTED);
    return Promise.all(alerts.map(async (alert) => ownerFamilyAlert(alert, await this.alerts.contactsOf(alert.id))));
  }

  /**
   * Queues the first round and the escalation. The alert is written by then: with Redis away, the SMS sweep queues its
   * texts and escalates it within a minute or so, so the responder is told it was sent.
   */
  private async queueAlert(alertId: string, texts: NewText[]): Promise<void> {
    try {
      await this.queueTexts(texts.map((text) => text.id));
      await this.queue.add(
        SmsJobs.escalate,
        { alertId },
        {
          jobId: `escalate-${alertId}`,
          delay: this.config.FAMILY_ALERT_ESCALATE_MS,
          removeOnComplete: true,
          removeOnFail: 100,
        },
      );
    } catch (error) {
      this.logger.warn({ err: error, alertId }, 'a family alert was not queued: the SMS sweep will send it');
    }
  }

  /** Queues texts by their outbox ids (the job's id too: a text is queued once however often this is asked). */
  async queueTexts(ids: string[]): Promise<void> {
    for (const id of ids) {
      await this.queue.add(
        SmsJobs.send,
        { outboxId: id },
        { jobId: id, removeOnComplete: { age: 24 * 3600 }, removeOnFail: 1000 },
      );
    }
  }

  private async recordOf(alertId: string): Promise<StoredRecord | undefined> {
    const alert = await this.alerts.findById(alertId);
    return alert ? this.records.findById(alert.recordId) : undefined;
  }

  /** The record's contacts, primary first, whose numbers can be texted and who did not reply STOP. */
  private async textableContacts(record: StoredRecord): Promise<Omit<AlertedContact, 'ackUrl'>[]> {
    const ordered = record.contacts
      .map((contact, index) => ({ contact, index }))
      .sort((a, b) => Number(b.contact.isPrimary) - Number(a.contact.isPrimary) || a.index - b.index);
    const textable = [];
    for (const [position, { contact }] of ordered.entries()) {
      const number = textableNumber(contact.phone, this.config.SMS_DEFAULT_REGION);
      if (!number || (await this.outbox.isOptedOut(this.numbers.of(number)))) continue;
      textable.push({ position, name: contact.name, relationship: contact.relationship ?? '', number });
    }
    return textable;
  }

  private textFor(
    alertId: string,
    contact: AlertedContact,
    words: { language: StoredAlert['language']; personName: string; note: ResponderNote; round: number },
  ): NewText {
    return {
      id: newTextId(),
      to: contact.number,
      toIndex: this.numbers.of(contact.number),
      body: familyText({ ...words, ackUrl: contact.ackUrl }),
      purpose: 'family-alert',
      alertId,
      position: contact.position,
      round: words.round,
    };
  }

  private async contactView(alert: StoredAlert, contact: AlertedContact): Promise<FamilyAlertForContact> {
    const record = await this.records.findById(alert.recordId);
    const contacts = await this.alerts.contactsOf(alert.id);
    return {
      ...familyAlertStatusOf(alert, contacts),
      personName: record ? `${record.details.firstName} ${record.details.lastName}`.trim() : '',
      note: alert.note,
      acknowledgedByYou: alert.acknowledgedBy === contact.position,
      language: alert.language,
    };
  }

  /** The owner's tabs' push and mail (identity owns mail). Neither throws: a failure is logged, the texts matter most. */
  private async tellOwner(
    record: StoredRecord,
    alertId: string,
    note: ResponderNote,
    contactsTexted: number,
    appUrl: string,
  ): Promise<void> {
    await this.announce(record.userId, alertId, 'waiting');
    try {
      await this.services.send(IdentityApi.mailFamilyAlert, {
        userId: record.userId!,
        alertId,
        label: record.label,
        sentAt: new Date().toISOString(),
        note,
        contactsTexted,
        alertsUrl: `${appUrl}${AppRoutes.history}`,
      });
    } catch (error) {
      this.logger.error({ err: error, alertId }, 'the owner of an alerted card could not be mailed');
    }
  }

  /** Tells the owner's tabs (no personal data in the event); a failure is logged, never the responder's problem. */
  private async announce(userId: string | null, alertId: string, state: FamilyAlertState): Promise<void> {
    if (!userId) return;
    try {
      await this.events.publish(DurableEvents.familyAlertChanged, { userId, alertId, state });
    } catch (error) {
      this.logger.error({ err: error, alertId }, 'a family alert change could not be announced');
    }
  }
}
