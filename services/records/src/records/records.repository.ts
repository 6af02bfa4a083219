import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { EmergencyContact, EmergencyContactInput, MedicalForm } from '@medical-qr/contracts';
import {
  DATABASE,
  FIELD_CIPHER,
  exactTimestamp,
  type Database,
  type DatabaseHandle,
  type FieldCipher,
} from '@medical-qr/platform';
import {
  emergencyContacts,
  medicalRecords,
  printedTags,
  type EmergencyContactRow,
  type MedicalRecordRow,
} from '../database/schema.js';
import { openByReferenceStatement, openByTokenStatement } from './open-by-token-statement.js';
import { PrintedReferences, tagReferenceContext, taken } from './printed-references.js';
import { recordRowOf } from './record-row.js';
import { detailsFromForm, parseStoredDetails, type RecordDetails } from './record-details.js';
import { isExpired } from './record-lifetime.js';
import { TokenIndex } from './token-index.js';

/** A record as the service works with it: decrypted, with its contacts and its state now. */
export interface StoredRecord {
  id: string;
  token: string;
  /** Its printed reference, normalized (`K7QM4XPD`); null for a code made before references, until it gets one. */
  reference: string | null;
  userId: string | null;
  details: RecordDetails;
  /** The owner's name for the code; '' when unnamed. */
  label: string;
  hasGivenConsent: boolean;
  /** Active now: not replaced, not switched off, and its expiry time not come. */
  isActive: boolean;
  /** Expired by time (as opposed to replaced by a newer code). */
  isExpired: boolean;
  /** Replaced by a newer code of the same free user. */
  isReplaced: boolean;
  expiresAt: Date | null;
  createdAt: Date;
  /** When the owner last said the facts are right (a save, or a confirmation); a code made before it: its creation. */
  factsCheckedAt: Date;
  /** Raised by one on each save of the details. */
  version: number;
  contacts: EmergencyContact[];
}

/** What a scanned token found: a record (its own token's, or a printed tag's owner's first active one), or a tag alone. */
export interface OpenedByToken {
  /** Its owner revoked their consent: it opens nothing. */
  consentWithdrawn: boolean;
  /** Undefined for a tag whose owner has no active record. */
  record?: StoredRecord;
  /**
   * The printed reference of what was opened, normalized: the record's own, or the tag's for a tag (what is printed
   * beside the token or reference used). Undefined while it has none.
   */
  reference?: string;
}

/** A code in its owner's list: what tells codes apart, read without decrypting any medical detail. */
export interface StoredSummary {
  id: string;
  token: string;
  label: string;
  isActive: boolean;
  expiresAt: Date | null;
  createdAt: Date;
}

/** A record's new content: the form, and the keyed hash of its (possibly changed) email. */
export interface RecordChange {
  emailIndex: string;
  form: MedicalForm;
}

export interface NewRecord {
  token: string;
  userId: string | null;
  emailIndex: string;
  form: MedicalForm;
  expiresAt: Date | null;
  /** The owner's name for the code; '' or absent when unnamed. */
  label?: string;
}

/** A code whose facts went unchecked past the reminder's age, claimed for its one reminder. */
export interface FactsReminderDue {
  recordId: string;
  userId: string;
  /** The owner's name for the code; '' when unnamed. */
  label: string;
  factsCheckedAt: Date;
}

/** When one code stops opening its card. */
export interface RecordLifetime {
  id: string;
  expiresAt: Date;
}

/**
 * The rows that count as an email's one free anonymous code: those whose maker proved the email, claimed since
 * or not (the unique index's predicate). An unconfirmed code counts for nobody.
 */
const emailConfirmed = isNotNull(medicalRecords.emailConfirmedAt);

/** The token's ciphertext is bound to its row, apart from the row's other ciphertexts. */
const tokenContext = (recordId: string) => `${recordId}/token`;
/** The label's too, so a list of codes opens labels without opening any medical value. */
const labelContext = (recordId: string) => `${recordId}/label`;
/** The printed reference's, apart from the token's. */
const referenceContext = (recordId: string) => `${recordId}/reference`;

export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** The user's codes that open their card as far as the row says (the expiry time is each caller's own condition). */
function activeOf(userId: string) {
  return and(eq(medicalRecords.userId, userId), eq(medicalRecords.isActive, true), isNull(medicalRecords.replacedAt));
}

/** What a check of the facts (a save, or a confirmation) writes: dated now, and no reminder sent for it yet. */
const factsCheckedNow = { factsCheckedAt: sql`now()`, factsRemindedAt: null };

/** When the row's facts were last checked: a code made before checks were kept counts as checked when it was made. */
export function factsCheckedAtOf(row: Pick<MedicalRecordRow, 'factsCheckedAt' | 'createdAt'>): Date {
  return row.factsCheckedAt ?? row.createdAt;
}

/** Not yet past its expiry time (a premium code has none). */
const notExpired = or(isNull(medicalRecords.expiresAt), gt(medicalRecords.expiresAt, sql`now()`));

/**
 * An owned code that opens its card, unchecked for `days` (its creation counts for a code made before checks were
 * kept) and not yet reminded of it. The check's expression is the one medical_records_facts_due is built on.
 */
function factsReminderDue(days: number) {
  return and(
    isNotNull(medicalRecords.userId),
    eq(medicalRecords.isActive, true),
    isNull(medicalRecords.replacedAt),
    notExpired,
    isNull(medicalRecords.factsRemindedAt),
    lte(
      sql`coalesce(${medicalRecords.factsCheckedAt}, ${medicalRecords.createdAt})`,
      sql`now() - make_interval(days => ${days})`,
    ),
  );
}

/**
 * Reads and writes medical records and contacts. Every medical value, name, email and phone is
 * encrypted with the row's id as context, so a ciphertext moved to another row does not decrypt.
 */
@Injectable()
export class RecordsRepository {
  constructor(
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    @Inject(FIELD_CIPHER) private readonly cipher: FieldCipher,
    private readonly tokenIndex: TokenIndex,
    private readonly references: PrintedReferences,
  ) {}

  /**
   * Inserts an anonymous code, unconfirmed (so no other code stops it), and runs `alongside` for it in the
   * same transaction: the new code and what goes with it are written together or not at all.
   */
  async insertAnonymous(
    record: NewRecord,
    alongside: (executor: Executor, recordId: string) => Promise<void> = async () => undefined,
  ): Promise<StoredRecord> {
    return this.database.db.transaction(async (tx) => {
      const stored = await this.insertWith(tx, record);
      await alongside(tx, stored.id);
      return stored;
    });
  }

  /** The email's one confirmed anonymous code (claimed since or not), if any. */
  async findConfirmedAnonymous(emailIndex: string): Promise<StoredRecord | undefined> {
    const [row] = await this.database.db
      .select()
      .from(medicalRecords)
      .where(and(eq(medicalRecords.emailIndex, emailIndex), emailConfirmed));
    return row && this.withContacts(row);
  }

  /**
   * Runs `work` for one user in a transaction holding that user's lock, so two tabs creating
   * codes at once cannot both leave an active code behind.
   */
  async forUser<T>(userId: string, work: (scope: UserRecordsScope) => Promise<T>): Promise<T> {
    return this.database.db.transaction(async (tx) => work(await this.lockedScope(tx, userId)));
  }

  /** One user's records inside a transaction opened elsewhere (an event's), holding that user's lock from now on. */
  async lockedScope(transaction: Executor, userId: string): Promise<UserRecordsScope> {
    await transaction.execute(sql`select pg_advisory_xact_lock(hashtextextended(${userId}, 0))`);
    return new UserRecordsScope(this, transaction, userId);
  }

  async listByUser(userId: string, executor: Executor = this.database.db): Promise<StoredRecord[]> {
    const rows = await executor
      .select()
      .from(medicalRecords)
      .where(eq(medicalRecords.userId, userId))
      .orderBy(desc(medicalRecords.createdAt), desc(medicalRecords.id));
    return this.withContactsMany(rows, executor);
  }

  /**
   * One page of the user's records for their export, newest first, decrypted with their contacts: at most `limit + 1`
   * rows (the one past the page tells there is more), each with its exact sort key, starting after `after`.
   */
  async exportPageByUser(
    userId: string,
    after: readonly [createdAt: string, id: string] | undefined,
    limit: number,
  ): Promise<Array<{ record: StoredRecord; key: [string, string] }>> {
    const db = this.database.db;
    const rows = await db
      .select({ row: medicalRecords, createdAtKey: exactTimestamp(medicalRecords.createdAt) })
      .from(medicalRecords)
      .where(
        and(
          eq(medicalRecords.userId, userId),
          after &&
            sql`(${medicalRecords.createdAt}, ${medicalRecords.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`,
        ),
      )
      .orderBy(desc(medicalRecords.createdAt), desc(medicalRecords.id))
      .limit(limit + 1);
    const records = await this.withContactsMany(
      rows.map(({ row }) => row),
      db,
    );
    return records.map((record, index) => ({ record, key: [rows[index]!.createdAtKey, record.id] }));
  }

  /** The user's current record, for their export's summary: the newest that opens its card, else the newest. */
  async findCurrent(userId: string): Promise<StoredRecord | undefined> {
    return (await this.findNewestActive(userId)) ?? (await this.newestWith(this.database.db, userId));
  }

  /**
   * One page of the user's codes, newest first, and how many they have. Only the page's tokens are decrypted (an
   * indexed read, medical_records_by_owner), so the cost of a page does not grow with what the account holds.
   */
  async pageByUser(
    userId: string,
    page: number,
    limit: number,
    onlyActive = false,
  ): Promise<{ records: StoredSummary[]; total: number }> {
    const db = this.database.db;
    const which = onlyActive ? and(activeOf(userId), notExpired) : eq(medicalRecords.userId, userId);
    const [rows, [count]] = await Promise.all([
      db
        .select()
        .from(medicalRecords)
        .where(which)
        .orderBy(desc(medicalRecords.createdAt), desc(medicalRecords.id))
        .limit(limit)
        .offset((page - 1) * limit),
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(medicalRecords)
        .where(which),
    ]);
    return { records: rows.map((row) => this.toSummary(row)), total: count?.total ?? 0 };
  }

  /** The user's newest code whose time ran out (replaced or not), or undefined: one indexed read. */
  async findNewestExpired(userId: string): Promise<StoredRecord | undefined> {
    const [row] = await this.database.db
      .select()
      .from(medicalRecords)
      .where(and(eq(medicalRecords.userId, userId), lte(medicalRecords.expiresAt, sql`now()`)))
      .orderBy(desc(medicalRecords.createdAt), desc(medicalRecords.id))
      .limit(1);
    return row && this.withContacts(row);
  }

  /** The user's own record; undefined for another person's record or an unknown id alike. */
  findOwned(userId: string, recordId: string): Promise<StoredRecord | undefined> {
    return this.findOwnedWith(this.database.db, userId, recordId);
  }

  /** Names the user's own code ('' removes the name); undefined when it is not theirs. */
  async setLabelOwned(userId: string, recordId: string, label: string): Promise<StoredSummary | undefined> {
    const [row] = await this.database.db
      .update(medicalRecords)
      .set({ labelCiphertext: this.sealedLabel(recordId, label) })
      .where(and(eq(medicalRecords.id, recordId), eq(medicalRecords.userId, userId)))
      .returning();
    return row && this.toSummary(row);
  }

  /** Deletes the user's own record with its contacts and scan log; false when it is not theirs. */
  async deleteOwned(userId: string, recordId: string): Promise<boolean> {
    const deleted = await this.database.db
      .delete(medicalRecords)
      .where(and(eq(medicalRecords.id, recordId), eq(medicalRecords.userId, userId)))
      .returning({ id: medicalRecords.id });
    return deleted.length > 0;
  }

  /** A record by its id, whoever owns it (for work the service does on a record it already found). */
  async findById(recordId: string): Promise<StoredRecord | undefined> {
    const [row] = await this.database.db.select().from(medicalRecords).where(eq(medicalRecords.id, recordId));
    return row && this.withContacts(row);
  }

  async findByToken(token: string): Promise<StoredRecord | undefined> {
    const [row] = await this.database.db
      .select()
      .from(medicalRecords)
      .where(eq(medicalRecords.tokenIndex, this.tokenIndex.of(token)));
    return row && this.withContacts(row);
  }

  /**
   * What a scanned token opens, in one prepared statement (one round trip, see openByTokenStatement): the record with
   * that token, else the first active record of the owner of the unrevoked printed tag with it, with the owner's
   * consent state and the record's contacts. Every step is an indexed lookup, so a million rows cost what ten
   * thousand do.
   */
  async openByToken(token: string): Promise<OpenedByToken | undefined> {
    return this.open(openByTokenStatement, this.tokenIndex.of(token));
  }

  /**
   * What a texted reference opens, given its keyed hash (`PrintedReferences.indexOf` of the normalized reference):
   * exactly what {@link openByToken} answers for the token printed beside it. A record's own reference opens that
   * record; a printed tag's, its owner's first active record; a revoked tag's, nothing; a withdrawn consent shows
   * nothing. The caller decides what an inactive record means, as for a token.
   */
  async openByReference(referenceIndex: string): Promise<OpenedByToken | undefined> {
    return this.open(openByReferenceStatement, referenceIndex);
  }

  private async open(statement: { name: string; text: string }, index: string): Promise<OpenedByToken | undefined> {
    const { rows } = await this.database.pool.query<Record<string, unknown>>({ ...statement, values: [index] });
    const [found] = rows;
    if (!found) return undefined;
    const record =
      found.id === null || found.id === undefined
        ? undefined
        : this.toStored(recordRowOf(found), this.contactsOf(found.contacts as EmergencyContactRow[]));
    const tagId = found.openedTagId as string | null;
    const tagReference = found.openedTagReference as string | null;
    const reference =
      tagId === null
        ? (record?.reference ?? undefined)
        : tagReference === null
          ? undefined
          : this.cipher.decrypt(tagReference, tagReferenceContext(tagId));
    return { consentWithdrawn: found.withdrawn === true, record, ...(reference ? { reference } : {}) };
  }

  /**
   * The user's newest code that opens its card now (the dashboard's). One indexed read
   * (medical_records_by_owner), the expiry time checked here whatever the jobs did.
   */
  async findNewestActive(userId: string): Promise<StoredRecord | undefined> {
    return this.findActive(userId, 'newest');
  }

  /**
   * The user's first code that still opens its card: what a printed tag shows. The oldest, so a premium member's
   * added code (a child's, a bag's) never takes over the items printed for them; a free member's one code, replaced,
   * is still the one.
   */
  async findFirstActive(userId: string): Promise<StoredRecord | undefined> {
    return this.findActive(userId, 'oldest');
  }

  private async findActive(userId: string, which: 'newest' | 'oldest'): Promise<StoredRecord | undefined> {
    const order = which === 'newest' ? desc : asc;
    const [row] = await this.database.db
      .select()
      .from(medicalRecords)
      .where(and(activeOf(userId), notExpired))
      .orderBy(order(medicalRecords.createdAt), order(medicalRecords.id))
      .limit(1);
    return row && this.withContacts(row);
  }

  /**
   * Switches off one code if its time has come; answers whether it did. A code whose expiry was
   * lifted (premium) or moved later is not due, so its earlier job does nothing.
   */
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

  /** Up to `limit` codes due a reminder that their facts went unchecked for `days`, the longest unchecked first. */
  async findFactsReminderDue(days: number, limit: number): Promise<string[]> {
    const rows = await this.database.db
      .select({ id: medicalRecords.id })
      .from(medicalRecords)
      .where(factsReminderDue(days))
      .orderBy(sql`coalesce(${medicalRecords.factsCheckedAt}, ${medicalRecords.createdAt})`)
      .limit(limit);
    return rows.map((row) => row.id);
  }

  /**
   * Claims one code's reminder, if it is still due, and runs `send` for it in the same transaction: the claim holds
   * only if `send` succeeds, and two sweeps at once cannot both claim it (the second waits for the first's row lock,
   * then finds it reminded). Answers whether this call claimed it. A check since (a save, a confirmation) clears it.
   */
  async claimFactsReminder(
    recordId: string,
    days: number,
    send: (due: FactsReminderDue) => Promise<void>,
  ): Promise<boolean> {
    return this.database.db.transaction(async (tx) => {
      const [row] = await tx
        .update(medicalRecords)
        .set({ factsRemindedAt: sql`now()` })
        .where(and(eq(medicalRecords.id, recordId), factsReminderDue(days)))
        .returning();
      if (!row) return false;
      await send({
        recordId: row.id,
        userId: row.userId!,
        label: this.labelOf(row),
        factsCheckedAt: factsCheckedAtOf(row),
      });
      return true;
    });
  }

  /**
   * @internal Used by {@link UserRecordsScope}. A new code gets a fresh printed reference with its token; one that
   * another code or a tag holds is skipped without failing the transaction (`on conflict do nothing`) and another
   * drawn.
   */
  async insertWith(executor: Executor, record: NewRecord): Promise<StoredRecord> {
    const id = crypto.randomUUID();
    const row = await this.references.withFresh(async (reference) => {
      if (await this.heldByTag(executor, reference)) return taken;
      const [inserted] = await executor
        .insert(medicalRecords)
        .values({ ...this.recordValues(id, record), ...this.sealedReference(id, reference) })
        .onConflictDoNothing({
          target: medicalRecords.referenceIndex,
          where: isNotNull(medicalRecords.referenceIndex),
        })
        .returning();
      return inserted ?? taken;
    });
    const contacts = await this.insertContacts(executor, id, record.form.emergencyContacts);
    return this.toStored(row, contacts);
  }

  /**
   * Gives up to `batch` codes made before printed references one each; answers how many were looked at (fewer than
   * `batch`: none are left). Each row is written on its own, only if it still has none, so replicas doing it at once
   * give each code one reference, and a clash draws another for that row alone.
   */
  async giveMissingReferences(batch: number): Promise<number> {
    const rows = await this.database.db
      .select({ id: medicalRecords.id })
      .from(medicalRecords)
      .where(isNull(medicalRecords.referenceIndex))
      .limit(batch);
    for (const { id } of rows) {
      await this.references.withFresh(async (reference) => {
        if (await this.heldByTag(this.database.db, reference)) return taken;
        return this.database.db
          .update(medicalRecords)
          .set(this.sealedReference(id, reference))
          .where(and(eq(medicalRecords.id, id), isNull(medicalRecords.referenceIndex)));
      });
    }
    return rows.length;
  }

  /**
   * Whether a printed tag holds `reference`. Each table's unique index keeps its own references apart; a code and a
   * tag are kept apart by looking first (two writes drawing the same one of 5 * 10^11 in the same instant is not a
   * case worth a lock).
   */
  private async heldByTag(executor: Executor, reference: string): Promise<boolean> {
    const [held] = await executor
      .select({ id: printedTags.id })
      .from(printedTags)
      .where(eq(printedTags.referenceIndex, this.references.indexOf(reference)))
      .limit(1);
    return held !== undefined;
  }

  /**
   * @internal Used by {@link UserRecordsScope}. Makes the email's anonymous code the user's, if its maker proved the
   * email; answers its id, if any. A code made by someone who did not stays with whoever holds its token.
   */
  async claimAnonymousWith(executor: Executor, userId: string, emailIndex: string): Promise<string[]> {
    const rows = await executor
      .update(medicalRecords)
      .set({ userId, claimedAt: sql`now()` })
      .where(and(eq(medicalRecords.emailIndex, emailIndex), isNull(medicalRecords.userId), emailConfirmed))
      .returning({ id: medicalRecords.id });
    return rows.map((row) => row.id);
  }

  /** @internal Used by {@link UserRecordsScope}. The user's newest code, whatever its state. */
  async newestWith(executor: Executor, userId: string): Promise<StoredRecord | undefined> {
    const [row] = await executor
      .select()
      .from(medicalRecords)
      .where(eq(medicalRecords.userId, userId))
      .orderBy(desc(medicalRecords.createdAt), desc(medicalRecords.id))
      .limit(1);
    if (!row) return undefined;
    const [record] = await this.withContactsMany([row], executor);
    return record;
  }

  /** @internal Used by {@link UserRecordsScope}. How many of the user's codes open their card now. */
  async countActiveWith(executor: Executor, userId: string): Promise<number> {
    const [count] = await executor
      .select({ active: sql<number>`count(*)::int` })
      .from(medicalRecords)
      .where(and(activeOf(userId), notExpired));
    return count?.active ?? 0;
  }

  /**
   * @internal Used by {@link UserRecordsScope}. Deletes the user's replaced codes but the newest `keep` (with their
   * contacts and scan log); answers how many went.
   */
  async pruneReplacedWith(executor: Executor, userId: string, keep: number): Promise<number> {
    const older = executor
      .select({ id: medicalRecords.id })
      .from(medicalRecords)
      .where(and(eq(medicalRecords.userId, userId), isNotNull(medicalRecords.replacedAt)))
      .orderBy(desc(medicalRecords.createdAt), desc(medicalRecords.id))
      .offset(keep);
    const deleted = await executor
      .delete(medicalRecords)
      .where(inArray(medicalRecords.id, older))
      .returning({ id: medicalRecords.id });
    return deleted.length;
  }

  /** @internal Used by {@link UserRecordsScope}. */
  async replaceActiveWith(executor: Executor, userId: string): Promise<void> {
    await executor
      .update(medicalRecords)
      .set({ isActive: false, replacedAt: sql`now()` })
      .where(and(eq(medicalRecords.userId, userId), eq(medicalRecords.isActive, true)));
  }

  /**
   * @internal Used by {@link UserRecordsScope}. Premium began: every code of the user that still
   * opens its card never expires from now on. Answers the ids lifted.
   */
  async liftExpiryWith(executor: Executor, userId: string): Promise<string[]> {
    const rows = await executor
      .update(medicalRecords)
      .set({ expiresAt: null })
      .where(and(activeOf(userId), gt(medicalRecords.expiresAt, sql`now()`)))
      .returning({ id: medicalRecords.id });
    return rows.map((row) => row.id);
  }

  /**
   * @internal Used by {@link UserRecordsScope}. Premium ended: every never-expiring code of the
   * user that still opens its card gets a free lifetime ending at `expiresAt`. Answers those codes.
   */
  async giveLifetimeWith(executor: Executor, userId: string, expiresAt: Date): Promise<RecordLifetime[]> {
    const rows = await executor
      .update(medicalRecords)
      .set({ expiresAt })
      .where(and(activeOf(userId), isNull(medicalRecords.expiresAt)))
      .returning({ id: medicalRecords.id });
    return rows.map((row) => ({ id: row.id, expiresAt }));
  }

  /**
   * @internal Used by {@link UserRecordsScope}. Claimed codes that still open their card live as long as a code the
   * account made at the same moment would: `lifetimeMs` from their creation, never shorter than they had. Answers
   * the codes whose expiry moved.
   */
  async giveAccountLifetimeWith(
    executor: Executor,
    recordIds: string[],
    lifetimeMs: number,
  ): Promise<RecordLifetime[]> {
    if (recordIds.length === 0) return [];
    const accountExpiry = sql`${medicalRecords.createdAt} + make_interval(secs => ${lifetimeMs / 1000})`;
    const rows = await executor
      .update(medicalRecords)
      .set({ expiresAt: accountExpiry })
      .where(
        and(
          inArray(medicalRecords.id, recordIds),
          eq(medicalRecords.isActive, true),
          gt(medicalRecords.expiresAt, sql`now()`),
          lt(medicalRecords.expiresAt, accountExpiry),
        ),
      )
      .returning({ id: medicalRecords.id, expiresAt: medicalRecords.expiresAt });
    return rows.map((row) => ({ id: row.id, expiresAt: row.expiresAt! }));
  }

  /** The user's own record, read with `executor` (the database, or a transaction). */
  async findOwnedWith(executor: Executor, userId: string, recordId: string): Promise<StoredRecord | undefined> {
    const [row] = await executor
      .select()
      .from(medicalRecords)
      .where(and(eq(medicalRecords.id, recordId), eq(medicalRecords.userId, userId)));
    if (!row) return undefined;
    const [record] = await this.withContactsMany([row], executor);
    return record;
  }

  /**
   * @internal Used by {@link UserRecordsScope}. Rewrites the record's details and contacts in place;
   * its token, expiry and state stay as they are.
   */
  async updateWith(executor: Executor, recordId: string, change: RecordChange): Promise<StoredRecord> {
    const [row] = await executor
      .update(medicalRecords)
      .set({
        emailIndex: change.emailIndex,
        details: this.encryptDetails(recordId, change.form),
        hasGivenConsent: change.form.hasGivenConsent,
        version: sql`${medicalRecords.version} + 1`,
        // A save is a check: the owner has just gone over the facts.
        ...factsCheckedNow,
      })
      .where(eq(medicalRecords.id, recordId))
      .returning();
    await executor.delete(emergencyContacts).where(eq(emergencyContacts.recordId, recordId));
    const contacts = await this.insertContacts(executor, recordId, change.form.emergencyContacts);
    return this.toStored(row!, contacts);
  }

  /**
   * @internal Used by {@link UserRecordsScope}. The owner says the facts are still right: the check is dated now and
   * the next reminder waits for a new lapse; the details, the contacts and the version stay as they are.
   */
  async confirmFactsWith(executor: Executor, recordId: string): Promise<StoredRecord> {
    const [row] = await executor
      .update(medicalRecords)
      .set(factsCheckedNow)
      .where(eq(medicalRecords.id, recordId))
      .returning();
    const [record] = await this.withContactsMany([row!], executor);
    return record!;
  }

  private encryptDetails(id: string, form: MedicalForm): string {
    return this.cipher.encrypt(JSON.stringify(detailsFromForm(form)), id);
  }

  private sealedLabel(id: string, label: string | undefined): string | null {
    return label ? this.cipher.encrypt(label, labelContext(id)) : null;
  }

  private labelOf(row: MedicalRecordRow): string {
    return row.labelCiphertext === null ? '' : this.cipher.decrypt(row.labelCiphertext, labelContext(row.id));
  }

  private sealedReference(id: string, reference: string) {
    return {
      referenceIndex: this.references.indexOf(reference),
      referenceCiphertext: this.cipher.encrypt(reference, referenceContext(id)),
    };
  }

  private referenceOf(row: MedicalRecordRow): string | null {
    return row.referenceCiphertext === null
      ? null
      : this.cipher.decrypt(row.referenceCiphertext, referenceContext(row.id));
  }

  private sealedToken(id: string, token: string) {
    return { tokenIndex: this.tokenIndex.of(token), tokenCiphertext: this.cipher.encrypt(token, tokenContext(id)) };
  }

  private recordValues(id: string, record: NewRecord) {
    return {
      id,
      ...this.sealedToken(id, record.token),
      userId: record.userId,
      emailIndex: record.emailIndex,
      details: this.encryptDetails(id, record.form),
      labelCiphertext: this.sealedLabel(id, record.label),
      hasGivenConsent: record.form.hasGivenConsent,
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
      this.toStored(row, this.contactsOf(contactRows.filter((contact) => contact.recordId === row.id))),
    );
  }

  private contactsOf(rows: EmergencyContactRow[]): EmergencyContact[] {
    return rows.map((contact) => {
      const details = JSON.parse(this.cipher.decrypt(contact.details, contact.id)) as Omit<
        EmergencyContact,
        'id' | 'isPrimary'
      >;
      return { id: contact.id, ...details, isPrimary: contact.isPrimary };
    });
  }

  private tokenOf(row: MedicalRecordRow): string {
    return this.cipher.decrypt(row.tokenCiphertext, tokenContext(row.id));
  }

  private toSummary(row: MedicalRecordRow): StoredSummary {
    return {
      id: row.id,
      token: this.tokenOf(row),
      label: this.labelOf(row),
      isActive: row.isActive && row.replacedAt === null && !isExpired(row.expiresAt),
      expiresAt: row.expiresAt,
      createdAt: row.createdAt,
    };
  }

  private toStored(row: MedicalRecordRow, contacts: EmergencyContact[]): StoredRecord {
    const expired = isExpired(row.expiresAt);
    return {
      id: row.id,
      token: this.tokenOf(row),
      reference: this.referenceOf(row),
      userId: row.userId,
      details: parseStoredDetails(this.cipher.decrypt(row.details, row.id)),
      label: this.labelOf(row),
      hasGivenConsent: row.hasGivenConsent,
      isActive: row.isActive && row.replacedAt === null && !expired,
      isExpired: expired,
      isReplaced: row.replacedAt !== null,
      expiresAt: row.expiresAt,
      createdAt: row.createdAt,
      factsCheckedAt: factsCheckedAtOf(row),
      version: row.version,
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

  /** The user's newest code, whatever its state. */
  newest(): Promise<StoredRecord | undefined> {
    return this.repository.newestWith(this.executor, this.userId);
  }

  /** How many of the user's codes open their card now. */
  countActive(): Promise<number> {
    return this.repository.countActiveWith(this.executor, this.userId);
  }

  /** Deletes the user's replaced codes but the newest `keep`; answers how many went. */
  pruneReplaced(keep: number): Promise<number> {
    return this.repository.pruneReplacedWith(this.executor, this.userId, keep);
  }

  /** The confirmed anonymous code made with this (verified) email becomes the user's. Answers the ids claimed. */
  claimAnonymous(emailIndex: string): Promise<string[]> {
    return this.repository.claimAnonymousWith(this.executor, this.userId, emailIndex);
  }

  /** Claimed codes get the account's lifetime, counted from their creation (a visitor's was shorter). */
  giveAccountLifetime(recordIds: string[], lifetimeMs: number): Promise<RecordLifetime[]> {
    return this.repository.giveAccountLifetimeWith(this.executor, recordIds, lifetimeMs);
  }

  replaceActive(): Promise<void> {
    return this.repository.replaceActiveWith(this.executor, this.userId);
  }

  insert(record: Omit<NewRecord, 'userId'>): Promise<StoredRecord> {
    return this.repository.insertWith(this.executor, { ...record, userId: this.userId });
  }

  /** The user's own record; undefined for another person's record or an unknown id alike. */
  find(recordId: string): Promise<StoredRecord | undefined> {
    return this.repository.findOwnedWith(this.executor, this.userId, recordId);
  }

  /** Rewrites one of the user's records in place (the caller has found it with {@link find}). */
  update(recordId: string, change: RecordChange): Promise<StoredRecord> {
    return this.repository.updateWith(this.executor, recordId, change);
  }

  /** Dates the check of one of the user's records now, changing nothing else (the caller has found it). */
  confirmFacts(recordId: string): Promise<StoredRecord> {
    return this.repository.confirmFactsWith(this.executor, recordId);
  }

  /** Premium began: the user's codes that open their card never expire. Answers their ids. */
  liftExpiry(): Promise<string[]> {
    return this.repository.liftExpiryWith(this.executor, this.userId);
  }

  /** Premium ended: the user's never-expiring active codes live until `expiresAt`, counted from now. */
  giveLifetime(expiresAt: Date): Promise<RecordLifetime[]> {
    return this.repository.giveLifetimeWith(this.executor, this.userId, expiresAt);
  }
}
