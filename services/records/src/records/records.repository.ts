import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { EmergencyCard, EmergencyContact, EmergencyContactInput, MedicalForm } from '@medical-qr/contracts';
import { DATABASE, FIELD_CIPHER, type Database, type DatabaseHandle, type FieldCipher } from '@medical-qr/platform';
import { emergencyContacts, medicalRecords, scanEvents, type MedicalRecordRow } from '../database/schema.js';
import { isExpired } from './record-lifetime.js';

/** What a record holds, kept encrypted as one JSON value: the card's facts without its contacts and dates. */
export type RecordDetails = Omit<EmergencyCard, 'emergencyContacts' | 'createdAt' | 'expiresAt'>;

/** A record as the service works with it: decrypted, with its contacts and its state now. */
export interface StoredRecord {
  id: string;
  token: string;
  userId: string | null;
  details: RecordDetails;
  hasGivenConsent: boolean;
  /** Active now: not replaced, not switched off, and its expiry time not come. */
  isActive: boolean;
  /** Expired by time (as opposed to replaced by a newer code). */
  isExpired: boolean;
  expiresAt: Date | null;
  createdAt: Date;
  contacts: EmergencyContact[];
}

export interface NewRecord {
  token: string;
  userId: string | null;
  emailIndex: string;
  form: MedicalForm;
  expiresAt: Date | null;
}

type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Reads and writes medical records and contacts. Every medical value, name, email and phone is
 * encrypted with the row's id as context, so a ciphertext moved to another row does not decrypt.
 */
@Injectable()
export class RecordsRepository {
  constructor(
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    @Inject(FIELD_CIPHER) private readonly cipher: FieldCipher,
  ) {}

  /** Inserts an anonymous code; answers undefined when the email already has one (the unique index decides). */
  async insertAnonymous(record: NewRecord): Promise<StoredRecord | undefined> {
    return this.database.db.transaction(async (tx) => {
      const id = crypto.randomUUID();
      const [row] = await tx
        .insert(medicalRecords)
        .values(this.recordValues(id, record))
        .onConflictDoNothing({ target: medicalRecords.emailIndex, where: isNull(medicalRecords.userId) })
        .returning();
      if (!row) return undefined;
      const contacts = await this.insertContacts(tx, id, record.form.emergencyContacts);
      return this.toStored(row, contacts);
    });
  }

  async findAnonymousByEmailIndex(emailIndex: string): Promise<StoredRecord | undefined> {
    const [row] = await this.database.db
      .select()
      .from(medicalRecords)
      .where(and(eq(medicalRecords.emailIndex, emailIndex), isNull(medicalRecords.userId)));
    return row && this.withContacts(row);
  }

  /**
   * Runs `work` for one user in a transaction holding that user's lock, so two tabs creating
   * codes at once cannot both leave an active code behind.
   */
  async forUser<T>(userId: string, work: (scope: UserRecordsScope) => Promise<T>): Promise<T> {
    return this.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${userId}, 0))`);
      return work(new UserRecordsScope(this, tx, userId));
    });
  }

  async listByUser(userId: string, executor: Executor = this.database.db): Promise<StoredRecord[]> {
    const rows = await executor
      .select()
      .from(medicalRecords)
      .where(eq(medicalRecords.userId, userId))
      .orderBy(desc(medicalRecords.createdAt), desc(medicalRecords.id));
    return this.withContactsMany(rows, executor);
  }

  /** The user's own record; undefined for another person's record or an unknown id alike. */
  async findOwned(userId: string, recordId: string): Promise<StoredRecord | undefined> {
    const [row] = await this.database.db
      .select()
      .from(medicalRecords)
      .where(and(eq(medicalRecords.id, recordId), eq(medicalRecords.userId, userId)));
    return row && this.withContacts(row);
  }

  /** Deletes the user's own record with its contacts and scan log; false when it is not theirs. */
  async deleteOwned(userId: string, recordId: string): Promise<boolean> {
    const deleted = await this.database.db
      .delete(medicalRecords)
      .where(and(eq(medicalRecords.id, recordId), eq(medicalRecords.userId, userId)))
      .returning({ id: medicalRecords.id });
    return deleted.length > 0;
  }

  async findByToken(token: string): Promise<StoredRecord | undefined> {
    const [row] = await this.database.db.select().from(medicalRecords).where(eq(medicalRecords.token, token));
    return row && this.withContacts(row);
  }

  /** Switches off one code if its time has come; answers whether it did. */
  async expireIfDue(recordId: string): Promise<boolean> {
    const rows = await this.database.db
      .update(medicalRecords)
      .set({ isActive: false })
      .where(
        and(
          eq(medicalRecords.id, recordId),
          eq(medicalRecords.isActive, true),
          lte(medicalRecords.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: medicalRecords.id });
    return rows.length > 0;
  }

  /** Switches off every code whose time has come; answers how many. */
  async expireAllDue(): Promise<number> {
    const rows = await this.database.db
      .update(medicalRecords)
      .set({ isActive: false })
      .where(and(eq(medicalRecords.isActive, true), lte(medicalRecords.expiresAt, sql`now()`)))
      .returning({ id: medicalRecords.id });
    return rows.length;
  }

  async logScan(recordId: string, viewer: string, source: 'card' | 'scanner'): Promise<void> {
    await this.database.db.insert(scanEvents).values({ recordId, viewer, source });
  }

  /** Takes the record's alert slot if the last alert is older than `intervalMs`; answers whether it got it. */
  async claimScanAlert(recordId: string, intervalMs: number): Promise<boolean> {
    const since = sql`now() - make_interval(secs => ${intervalMs / 1000})`;
    const rows = await this.database.db
      .update(medicalRecords)
      .set({ lastAlertAt: sql`now()` })
      .where(
        and(
          eq(medicalRecords.id, recordId),
          or(isNull(medicalRecords.lastAlertAt), lte(medicalRecords.lastAlertAt, since)),
        ),
      )
      .returning({ id: medicalRecords.id });
    return rows.length > 0;
  }

  /** @internal Used by {@link UserRecordsScope}. */
  async insertWith(executor: Executor, record: NewRecord): Promise<StoredRecord> {
    const id = crypto.randomUUID();
    const [row] = await executor.insert(medicalRecords).values(this.recordValues(id, record)).returning();
    const contacts = await this.insertContacts(executor, id, record.form.emergencyContacts);
    return this.toStored(row!, contacts);
  }

  /** @internal Used by {@link UserRecordsScope}. */
  async replaceActiveWith(executor: Executor, userId: string): Promise<void> {
    await executor
      .update(medicalRecords)
      .set({ isActive: false, replacedAt: sql`now()` })
      .where(and(eq(medicalRecords.userId, userId), eq(medicalRecords.isActive, true)));
  }

  private recordValues(id: string, record: NewRecord) {
    const { form } = record;
    const details: RecordDetails = {
      firstName: form.firstName,
      lastName: form.lastName,
      email: form.email,
      phoneNumber: form.phoneNumber || null,
      gender: form.gender,
      bloodGroup: form.bloodGroup,
      allergies: form.allergies,
      medicalConditions: form.medicalConditions,
      organDonor: form.organDonor,
      medications: form.medications,
      devices: form.devices,
      languagesSpoken: form.languagesSpoken,
      careDirectives: form.careDirectives,
    };
    return {
      id,
      token: record.token,
      userId: record.userId,
      emailIndex: record.emailIndex,
      details: this.cipher.encrypt(JSON.stringify(details), id),
      hasGivenConsent: form.hasGivenConsent,
      expiresAt: record.expiresAt,
    };
  }

  private async insertContacts(
    executor: Executor,
    recordId: string,
    inputs: EmergencyContactInput[],
  ): Promise<EmergencyContact[]> {
    if (inputs.length === 0) return [];
    // Exactly one primary when there are contacts: the flagged one, else the first.
    const primaryIndex = Math.max(
      0,
      inputs.findIndex((contact) => contact.isPrimary),
    );
    const contacts = inputs.map((input, index) => ({
      id: crypto.randomUUID(),
      name: input.name,
      phone: input.phone,
      relationship: input.relationship,
      isPrimary: index === primaryIndex,
    }));
    await executor.insert(emergencyContacts).values(
      contacts.map((contact, position) => ({
        id: contact.id,
        recordId,
        position,
        isPrimary: contact.isPrimary,
        details: this.cipher.encrypt(
          JSON.stringify({ name: contact.name, phone: contact.phone, relationship: contact.relationship }),
          contact.id,
        ),
      })),
    );
    return contacts;
  }

  private async withContacts(row: MedicalRecordRow): Promise<StoredRecord> {
    const [record] = await this.withContactsMany([row], this.database.db);
    return record!;
  }

  private async withContactsMany(rows: MedicalRecordRow[], executor: Executor): Promise<StoredRecord[]> {
    if (rows.length === 0) return [];
    const contactRows = await executor
      .select()
      .from(emergencyContacts)
      .where(
        inArray(
          emergencyContacts.recordId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(emergencyContacts.position));
    return rows.map((row) =>
      this.toStored(
        row,
        contactRows
          .filter((contact) => contact.recordId === row.id)
          .map((contact) => {
            const details = JSON.parse(this.cipher.decrypt(contact.details, contact.id)) as Omit<
              EmergencyContact,
              'id' | 'isPrimary'
            >;
            return { id: contact.id, ...details, isPrimary: contact.isPrimary };
          }),
      ),
    );
  }

  private toStored(row: MedicalRecordRow, contacts: EmergencyContact[]): StoredRecord {
    const expired = isExpired(row.expiresAt);
    return {
      id: row.id,
      token: row.token,
      userId: row.userId,
      details: JSON.parse(this.cipher.decrypt(row.details, row.id)) as RecordDetails,
      hasGivenConsent: row.hasGivenConsent,
      isActive: row.isActive && row.replacedAt === null && !expired,
      isExpired: expired,
      expiresAt: row.expiresAt,
      createdAt: row.createdAt,
      contacts,
    };
  }
}

/** One user's records inside a transaction that holds the user's lock. */
export class UserRecordsScope {
  constructor(
    private readonly repository: RecordsRepository,
    private readonly executor: Executor,
    private readonly userId: string,
  ) {}

  list(): Promise<StoredRecord[]> {
    return this.repository.listByUser(this.userId, this.executor);
  }

  replaceActive(): Promise<void> {
    return this.repository.replaceActiveWith(this.executor, this.userId);
  }

  insert(record: Omit<NewRecord, 'userId'>): Promise<StoredRecord> {
    return this.repository.insertWith(this.executor, { ...record, userId: this.userId });
  }
}
