import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { ResponderLanguage, ResponderNote } from '@medical-qr/contracts';
import { DATABASE, type DatabaseHandle, exactTimestamp, FIELD_CIPHER, type FieldCipher } from '@medical-qr/platform';
import { familyAlertContacts, familyAlerts, medicalRecords } from '../database/schema.js';
import { SmsOutboxRepository, type NewText } from '../sms/sms-outbox.repository.js';

/** A contact as the alert texted them: who they were then, their number as texted, and their own answer link. */
export interface AlertedContact {
  position: number;
  name: string;
  relationship: string;
  /** E.164. */
  number: string;
  /** Their own "I'm on it" link (kept encrypted: the second text repeats it). */
  ackUrl: string;
}

export interface StoredAlert {
  id: string;
  recordId: string;
  userId: string | null;
  note: ResponderNote;
  language: ResponderLanguage;
  contactsTexted: number;
  createdAt: Date;
  acknowledgedAt: Date | null;
  acknowledgedBy: number | null;
  unansweredAt: Date | null;
}

export interface NewAlert {
  id: string;
  recordId: string;
  userId: string | null;
  statusKeyHash: string;
  note: ResponderNote;
  language: ResponderLanguage;
  contacts: (AlertedContact & { ackKeyHash: string })[];
  /** The first round's texts, one per contact that can be texted. */
  texts: NewText[];
}

type AlertRow = typeof familyAlerts.$inferSelect;

const contactContext = (alertId: string, position: number) => `${alertId}/${position}`;

/**
 * Family alerts, their contacts and (through the outbox) their texts. What a responder wrote and who was texted are
 * encrypted with the alert's id as context; the responder's and the contacts' keys are kept only as hashes.
 */
@Injectable()
export class FamilyAlertsRepository {
  constructor(
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    @Inject(FIELD_CIPHER) private readonly cipher: FieldCipher,
    private readonly outbox: SmsOutboxRepository,
  ) {}

  /**
   * Writes the alert, its contacts and its first texts together, unless the card already sent `max` alerts since
   * `since`: answers false then. The card's lock makes the count exact however many are sent at once.
   */
  async createWithinLimit(alert: NewAlert, max: number, since: Date): Promise<boolean> {
    return this.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`family-alert:${alert.recordId}`}, 0))`);
      const [{ recent } = { recent: 0 }] = await tx
        .select({ recent: sql<number>`count(*)::int` })
        .from(familyAlerts)
        .where(and(eq(familyAlerts.recordId, alert.recordId), gt(familyAlerts.createdAt, since)));
      if (recent >= max) return false;
      await tx.insert(familyAlerts).values({
        id: alert.id,
        recordId: alert.recordId,
        userId: alert.userId,
        statusKeyHash: alert.statusKeyHash,
        note: this.cipher.encrypt(JSON.stringify(alert.note), alert.id),
        language: alert.language,
        contactsTexted: alert.texts.length,
      });
      if (alert.contacts.length > 0) {
        await tx.insert(familyAlertContacts).values(
          alert.contacts.map(({ ackKeyHash, ...contact }) => ({
            alertId: alert.id,
            position: contact.position,
            ackKeyHash,
            contact: this.cipher.encrypt(JSON.stringify(contact), contactContext(alert.id, contact.position)),
          })),
        );
      }
      await this.outbox.insert(alert.texts, tx);
      return true;
    });
  }

  async findByStatusKeyHash(hash: string): Promise<StoredAlert | undefined> {
    const [row] = await this.database.db.select().from(familyAlerts).where(eq(familyAlerts.statusKeyHash, hash));
    return row && this.toStored(row);
  }

  async findById(id: string): Promise<StoredAlert | undefined> {
    const [row] = await this.database.db.select().from(familyAlerts).where(eq(familyAlerts.id, id));
    return row && this.toStored(row);
  }

  /** The alert a contact's link belongs to, and which contact it is. */
  async findByAckKeyHash(hash: string): Promise<{ alert: StoredAlert; contact: AlertedContact } | undefined> {
    const [row] = await this.database.db
      .select({ alert: familyAlerts, contact: familyAlertContacts })
      .from(familyAlertContacts)
      .innerJoin(familyAlerts, eq(familyAlerts.id, familyAlertContacts.alertId))
      .where(eq(familyAlertContacts.ackKeyHash, hash));
    if (!row) return undefined;
    return { alert: this.toStored(row.alert), contact: this.toContact(row.contact) };
  }

  async contactsOf(alertId: string): Promise<AlertedContact[]> {
    const rows = await this.database.db
      .select()
      .from(familyAlertContacts)
      .where(eq(familyAlertContacts.alertId, alertId))
      .orderBy(familyAlertContacts.position);
    return rows.map((row) => this.toContact(row));
  }

  /** The first contact to answer acknowledges it; answers whether this one was first. */
  async acknowledge(alertId: string, position: number): Promise<boolean> {
    const updated = await this.database.db
      .update(familyAlerts)
      .set({ acknowledgedAt: new Date(), acknowledgedBy: position })
      .where(and(eq(familyAlerts.id, alertId), isNull(familyAlerts.acknowledgedAt)))
      .returning({ id: familyAlerts.id });
    return updated.length > 0;
  }

  /**
   * Marks an alert unanswered and writes its second round of texts, together, if nobody acknowledged it and it was not
   * marked already (the escalation job and the sweep may both get there): answers whether this call did it.
   */
  async markUnanswered(alertId: string, texts: (alert: StoredAlert) => Promise<NewText[]>): Promise<boolean> {
    return this.database.db.transaction(async (tx) => {
      const [row] = await tx
        .update(familyAlerts)
        .set({ unansweredAt: new Date() })
        .where(
          and(eq(familyAlerts.id, alertId), isNull(familyAlerts.acknowledgedAt), isNull(familyAlerts.unansweredAt)),
        )
        .returning();
      if (!row) return false;
      await this.outbox.insert(await texts(this.toStored(row)), tx);
      return true;
    });
  }

  /** Alerts nobody answered within `olderThan` and not yet escalated: what the sweep escalates if a job was lost. */
  async findDueForEscalation(olderThan: Date, limit: number): Promise<string[]> {
    const rows = await this.database.db
      .select({ id: familyAlerts.id })
      .from(familyAlerts)
      .where(
        and(
          isNull(familyAlerts.acknowledgedAt),
          isNull(familyAlerts.unansweredAt),
          lt(familyAlerts.createdAt, olderThan),
        ),
      )
      .limit(limit);
    return rows.map((row) => row.id);
  }

  /** The owner's latest alerts, newest first. */
  async listForOwner(userId: string, limit: number): Promise<StoredAlert[]> {
    const rows = await this.database.db
      .select()
      .from(familyAlerts)
      .where(eq(familyAlerts.userId, userId))
      .orderBy(desc(familyAlerts.createdAt))
      .limit(limit);
    return rows.map((row) => this.toStored(row));
  }

  /**
   * A page of the alerts sent from the person's cards, for their export: newest first, after the `after` key (created
   * at, id), each with the contact who answered, if one did. By the person's records, so an alert sent before they
   * claimed a code they made without an account is theirs too.
   */
  async exportPageByOwner(
    userId: string,
    after: readonly [createdAt: string, id: string] | undefined,
    limit: number,
  ): Promise<Array<{ alert: StoredAlert; answeredBy: AlertedContact[]; key: [string, string] }>> {
    const ofUser = this.database.db
      .select({ id: medicalRecords.id })
      .from(medicalRecords)
      .where(eq(medicalRecords.userId, userId));
    const rows = await this.database.db
      .select({
        alert: familyAlerts,
        createdAtKey: exactTimestamp(familyAlerts.createdAt),
        answeredBy: familyAlertContacts,
      })
      .from(familyAlerts)
      .leftJoin(
        familyAlertContacts,
        and(
          eq(familyAlertContacts.alertId, familyAlerts.id),
          eq(familyAlertContacts.position, familyAlerts.acknowledgedBy),
        ),
      )
      .where(
        and(
          inArray(familyAlerts.recordId, ofUser),
          after && sql`(${familyAlerts.createdAt}, ${familyAlerts.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`,
        ),
      )
      .orderBy(desc(familyAlerts.createdAt), desc(familyAlerts.id))
      .limit(limit + 1);
    return rows.map(({ alert, createdAtKey, answeredBy }) => ({
      alert: this.toStored(alert),
      answeredBy: answeredBy ? [this.toContact(answeredBy)] : [],
      key: [createdAtKey, alert.id],
    }));
  }

  private toStored(row: AlertRow): StoredAlert {
    return {
      id: row.id,
      recordId: row.recordId,
      userId: row.userId,
      note: JSON.parse(this.cipher.decrypt(row.note, row.id)) as ResponderNote,
      language: row.language as ResponderLanguage,
      contactsTexted: row.contactsTexted,
      createdAt: row.createdAt,
      acknowledgedAt: row.acknowledgedAt,
      acknowledgedBy: row.acknowledgedBy,
      unansweredAt: row.unansweredAt,
    };
  }

  private toContact(row: typeof familyAlertContacts.$inferSelect): AlertedContact {
    return JSON.parse(this.cipher.decrypt(row.contact, contactContext(row.alertId, row.position))) as AlertedContact;
  }
}
