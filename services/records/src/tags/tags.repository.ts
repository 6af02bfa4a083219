import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DATABASE, FIELD_CIPHER, exactTimestamp, type DatabaseHandle, type FieldCipher } from '@medical-qr/platform';
import { medicalRecords, printedTags, type PrintedTagRow } from '../database/schema.js';
import { PrintedReferences, tagReferenceContext, taken } from '../records/printed-references.js';
import { TokenIndex } from '../records/token-index.js';

/** A printed tag as the service works with it: its token decrypted. */
export interface StoredTag {
  id: string;
  userId: string;
  orderId: string;
  itemIndex: number;
  token: string;
  /** Its own printed reference, normalized (`K7QM4XPD`); null for a tag made before references, until it gets one. */
  reference: string | null;
  createdAt: Date;
  revokedAt: Date | null;
}

/** The tag's ciphertext is bound to its row, and apart from a record's token ciphertext. */
const tokenContext = (tagId: string) => `${tagId}/tag-token`;

/**
 * Reads and writes printed tags. Tokens are stored like card tokens: a keyed hash under the same
 * {@link TokenIndex} (so a scanned token is hashed once and looked up by it in either table) and a
 * ciphertext bound to the row; printed references likewise, under {@link PrintedReferences}.
 */
@Injectable()
export class TagsRepository {
  constructor(
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    @Inject(FIELD_CIPHER) private readonly cipher: FieldCipher,
    private readonly tokenIndex: TokenIndex,
    private readonly references: PrintedReferences,
  ) {}

  /**
   * The order item's tag, made with `token` and a fresh printed reference unless the item already has one (a retry):
   * then that one. Undefined when the tag belongs to another user. The unique (order, item) pair decides races; a
   * reference another tag holds is refused by its index, one a code holds is looked for first, and another drawn.
   */
  async issue(userId: string, orderId: string, token: string, itemIndex = 0): Promise<StoredTag | undefined> {
    const id = crypto.randomUUID();
    const row = await this.references.withFresh(async (reference) => {
      if (await this.heldByRecord(reference)) return taken;
      const [inserted] = await this.database.db
        .insert(printedTags)
        .values({
          id,
          userId,
          orderId,
          itemIndex,
          tokenIndex: this.tokenIndex.of(token),
          tokenCiphertext: this.cipher.encrypt(token, tokenContext(id)),
          ...this.sealedReference(id, reference),
        })
        .onConflictDoNothing({ target: [printedTags.orderId, printedTags.itemIndex] })
        .returning();
      return inserted ?? (await this.findByItem(orderId, itemIndex));
    });
    return row && row.userId === userId ? this.toStored(row) : undefined;
  }

  /**
   * Gives up to `batch` tags made before printed references one each; answers how many were looked at (fewer than
   * `batch`: none are left). As RecordsRepository.giveMissingReferences: row by row, only if it still has none.
   */
  async giveMissingReferences(batch: number): Promise<number> {
    const rows = await this.database.db
      .select({ id: printedTags.id })
      .from(printedTags)
      .where(isNull(printedTags.referenceIndex))
      .limit(batch);
    for (const { id } of rows) {
      await this.references.withFresh(async (reference) => {
        if (await this.heldByRecord(reference)) return taken;
        return this.database.db
          .update(printedTags)
          .set(this.sealedReference(id, reference))
          .where(and(eq(printedTags.id, id), isNull(printedTags.referenceIndex)));
      });
    }
    return rows.length;
  }

  /** Whether a code holds `reference` (see RecordsRepository's own look at the tags). */
  private async heldByRecord(reference: string): Promise<boolean> {
    const [held] = await this.database.db
      .select({ id: medicalRecords.id })
      .from(medicalRecords)
      .where(eq(medicalRecords.referenceIndex, this.references.indexOf(reference)))
      .limit(1);
    return held !== undefined;
  }

  /** The user's tags, newest first; only those of `orderIds` when given. */
  async listByUser(userId: string, orderIds?: readonly string[]): Promise<StoredTag[]> {
    if (orderIds?.length === 0) return [];
    const rows = await this.database.db
      .select()
      .from(printedTags)
      .where(and(eq(printedTags.userId, userId), orderIds && inArray(printedTags.orderId, [...orderIds])))
      .orderBy(desc(printedTags.createdAt), desc(printedTags.id));
    return rows.map((row) => this.toStored(row));
  }

  /**
   * One page of the user's tags for their export, newest first: at most `limit + 1` (the one past the page tells
   * there is more), each with its exact sort key, starting after `after`.
   */
  async exportPageByUser(
    userId: string,
    after: readonly [createdAt: string, id: string] | undefined,
    limit: number,
  ): Promise<Array<{ tag: StoredTag; key: [string, string] }>> {
    const rows = await this.database.db
      .select({ row: printedTags, createdAtKey: exactTimestamp(printedTags.createdAt) })
      .from(printedTags)
      .where(
        and(
          eq(printedTags.userId, userId),
          after && sql`(${printedTags.createdAt}, ${printedTags.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`,
        ),
      )
      .orderBy(desc(printedTags.createdAt), desc(printedTags.id))
      .limit(limit + 1);
    return rows.map(({ row, createdAtKey }) => ({ tag: this.toStored(row), key: [createdAtKey, row.id] }));
  }

  /** Revokes the user's tag of an order item (a second time keeps the first time); undefined when it is not theirs. */
  async revoke(userId: string, orderId: string, itemIndex = 0): Promise<StoredTag | undefined> {
    const [row] = await this.database.db
      .update(printedTags)
      .set({ revokedAt: sql`coalesce(${printedTags.revokedAt}, now())` })
      .where(
        and(eq(printedTags.orderId, orderId), eq(printedTags.itemIndex, itemIndex), eq(printedTags.userId, userId)),
      )
      .returning();
    return row && this.toStored(row);
  }

  private async findByItem(orderId: string, itemIndex: number): Promise<PrintedTagRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(printedTags)
      .where(and(eq(printedTags.orderId, orderId), eq(printedTags.itemIndex, itemIndex)));
    return row;
  }

  private sealedReference(id: string, reference: string) {
    return {
      referenceIndex: this.references.indexOf(reference),
      referenceCiphertext: this.cipher.encrypt(reference, tagReferenceContext(id)),
    };
  }

  private toStored(row: PrintedTagRow): StoredTag {
    return {
      id: row.id,
      userId: row.userId,
      orderId: row.orderId,
      itemIndex: row.itemIndex,
      token: this.cipher.decrypt(row.tokenCiphertext, tokenContext(row.id)),
      reference:
        row.referenceCiphertext === null
          ? null
          : this.cipher.decrypt(row.referenceCiphertext, tagReferenceContext(row.id)),
      createdAt: row.createdAt,
      revokedAt: row.revokedAt,
    };
  }
}
