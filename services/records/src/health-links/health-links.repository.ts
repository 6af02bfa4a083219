import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, getTableColumns, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import {
  type ExportedHealthLinkAccess,
  HEALTH_LINK_ACCESSES_LISTED,
  type HealthLinkAccess,
} from '@medical-qr/contracts';
import { DATABASE, type DatabaseHandle, exactTimestamp, FIELD_CIPHER, type FieldCipher } from '@medical-qr/platform';
import { consentWithdrawals, healthLinkAccesses, healthLinks, healthLinkTickets } from '../database/schema.js';

type LinkRow = typeof healthLinks.$inferSelect;

/** A link as read back: its label in clear, whether its owner's consent is withdrawn (it then opens nothing). */
export interface StoredHealthLink extends Omit<LinkRow, 'label'> {
  label: string;
  consentWithdrawn: boolean;
}

export interface NewHealthLink {
  id: string;
  userId: string;
  recordId: string;
  recordVersion: number;
  manifestIdHash: string;
  label: string;
  flag: string;
  passcodeHash: string | null;
  attemptsLeft: number | null;
  expiresAt: Date | null;
  file: string;
  fileWrittenAt: Date;
  wrappedKey: string | null;
}

/** What a person's export shows of a link: none of what opens it (file, keys, passcode, hashes). */
export type ExportedLinkRow = Pick<
  StoredHealthLink,
  'id' | 'recordId' | 'label' | 'flag' | 'attemptsLeft' | 'expiresAt' | 'createdAt' | 'revokedAt'
>;

/** A link as its owner's list reads it: not its file or key, which only serving needs. */
export type ListedLink = Omit<StoredHealthLink, 'file' | 'wrappedKey'>;

export interface ListedHealthLink {
  link: ListedLink;
  accessCount: number;
  accesses: HealthLinkAccess[];
}

const labelContext = (linkId: string) => `health-link/${linkId}/label`;
const recipientContext = (accessId: string) => `health-link-access/${accessId}`;

/**
 * Health links, their accesses and their files' short-lived locations. Labels and recipients are encrypted; of the
 * link's id and of a location's ticket only a hash is kept; the file is a JWE whose key is not here.
 */
@Injectable()
export class HealthLinksRepository {
  constructor(
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    @Inject(FIELD_CIPHER) private readonly cipher: FieldCipher,
  ) {}

  /** Writes the link unless the owner already holds `activeMax` that still open (counted under a per-owner lock). */
  async create(link: NewHealthLink, activeMax: number): Promise<boolean> {
    return this.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`health-link:${link.userId}`}, 0))`);
      const [{ open }] = await tx
        .select({ open: sql<number>`count(*)::int` })
        .from(healthLinks)
        .where(and(eq(healthLinks.userId, link.userId), stillOpens));
      if (open >= activeMax) return false;
      await tx.insert(healthLinks).values({ ...link, label: this.cipher.encrypt(link.label, labelContext(link.id)) });
      return true;
    });
  }

  async findByManifestHash(manifestIdHash: string): Promise<StoredHealthLink | undefined> {
    return this.findWhere(eq(healthLinks.manifestIdHash, manifestIdHash));
  }

  /** The link a location's ticket stands for, while the ticket is valid. */
  async findByTicket(ticketHash: string, now: Date): Promise<StoredHealthLink | undefined> {
    const [ticket] = await this.database.db
      .select({ linkId: healthLinkTickets.linkId })
      .from(healthLinkTickets)
      .where(and(eq(healthLinkTickets.ticketHash, ticketHash), gt(healthLinkTickets.expiresAt, now)));
    return ticket ? this.findWhere(eq(healthLinks.id, ticket.linkId)) : undefined;
  }

  /**
   * One wrong passcode spent, in one statement, so parallel tries each take their own: the attempts left after it, or
   * undefined when none were left (the link is dead).
   */
  async spendAttempt(linkId: string): Promise<number | undefined> {
    const [row] = await this.database.db
      .update(healthLinks)
      .set({ attemptsLeft: sql`${healthLinks.attemptsLeft} - 1` })
      .where(and(eq(healthLinks.id, linkId), gt(healthLinks.attemptsLeft, 0)))
      .returning({ attemptsLeft: healthLinks.attemptsLeft });
    return row?.attemptsLeft ?? undefined;
  }

  /** A long-term link's file, written again from the record as it is now. */
  async rewriteFile(linkId: string, file: string, recordId: string, recordVersion: number, at: Date): Promise<void> {
    await this.database.db
      .update(healthLinks)
      .set({ file, fileWrittenAt: at, recordId, recordVersion })
      .where(and(eq(healthLinks.id, linkId), isNull(healthLinks.revokedAt)));
  }

  /**
   * Lists a reader's access; answers whether the owner is due an alert (none in the last `alertIntervalMs`), marking it
   * sent in the same statement so parallel readers alert once.
   */
  async recordAccess(linkId: string, recipient: string, at: Date, alertIntervalMs: number): Promise<boolean> {
    const id = randomUUID();
    await this.database.db
      .insert(healthLinkAccesses)
      .values({ id, linkId, accessedAt: at, recipient: this.cipher.encrypt(recipient, recipientContext(id)) });
    const alerted = await this.database.db
      .update(healthLinks)
      .set({ alertedAt: at })
      .where(
        and(
          eq(healthLinks.id, linkId),
          sql`(${healthLinks.alertedAt} is null or ${healthLinks.alertedAt} <= ${new Date(at.getTime() - alertIntervalMs)})`,
        ),
      )
      .returning({ id: healthLinks.id });
    return alerted.length > 0;
  }

  /** A location for the link's file until `expiresAt`; expired tickets of any link are cleared on the way. */
  async issueTicket(linkId: string, ticketHash: string, expiresAt: Date, now: Date): Promise<void> {
    await this.database.db.delete(healthLinkTickets).where(lt(healthLinkTickets.expiresAt, now));
    await this.database.db.insert(healthLinkTickets).values({ ticketHash, linkId, expiresAt });
  }

  /** The owner's links, newest first, each with its access count and latest accesses. */
  /** The owner's links (or the one named), newest first, each with its access count and latest accesses. */
  async listForOwner(userId: string, linkId?: string): Promise<ListedHealthLink[]> {
    const links = await this.database.db
      .select({ link: LISTED_COLUMNS, consentWithdrawn: consentOf })
      .from(healthLinks)
      .leftJoin(consentWithdrawals, eq(consentWithdrawals.userId, healthLinks.userId))
      .where(and(eq(healthLinks.userId, userId), linkId ? eq(healthLinks.id, linkId) : undefined))
      .orderBy(desc(healthLinks.createdAt), desc(healthLinks.id));
    if (!links.length) return [];
    const ids = links.map(({ link }) => link.id);
    const [counts, recent] = await Promise.all([
      this.database.db
        .select({ linkId: healthLinkAccesses.linkId, count: sql<number>`count(*)::int` })
        .from(healthLinkAccesses)
        .where(inArray(healthLinkAccesses.linkId, ids))
        .groupBy(healthLinkAccesses.linkId),
      this.database.db.execute<{ id: string; link_id: string; accessed_at: string | Date; recipient: string }>(sql`
        select id, link_id, accessed_at, recipient from (
          select *, row_number() over (partition by link_id order by accessed_at desc, id) as n
          from ${healthLinkAccesses} where link_id in ${ids}
        ) listed where n <= ${HEALTH_LINK_ACCESSES_LISTED} order by accessed_at desc, id`),
    ]);
    const countOf = new Map(counts.map((row) => [row.linkId, row.count]));
    const accessesOf = new Map<string, HealthLinkAccess[]>();
    for (const row of recent.rows) {
      const list = accessesOf.get(row.link_id) ?? [];
      list.push({
        at: new Date(row.accessed_at).toISOString(),
        recipient: this.cipher.decrypt(row.recipient, recipientContext(row.id)),
      });
      accessesOf.set(row.link_id, list);
    }
    return links.map(({ link, consentWithdrawn }) => ({
      link: { ...link, label: this.cipher.decrypt(link.label, labelContext(link.id)), consentWithdrawn },
      accessCount: countOf.get(link.id) ?? 0,
      accesses: accessesOf.get(link.id) ?? [],
    }));
  }

  /** A page of the owner's links for their export, newest first, after the `after` key (created at, id). */
  async exportPageByOwner(
    userId: string,
    after: readonly [createdAt: string, id: string] | undefined,
    limit: number,
  ): Promise<Array<{ link: ExportedLinkRow; key: [string, string] }>> {
    const rows = await this.database.db
      .select({
        id: healthLinks.id,
        recordId: healthLinks.recordId,
        label: healthLinks.label,
        flag: healthLinks.flag,
        attemptsLeft: healthLinks.attemptsLeft,
        expiresAt: healthLinks.expiresAt,
        createdAt: healthLinks.createdAt,
        revokedAt: healthLinks.revokedAt,
        createdAtKey: exactTimestamp(healthLinks.createdAt),
      })
      .from(healthLinks)
      .where(
        and(
          eq(healthLinks.userId, userId),
          after && sql`(${healthLinks.createdAt}, ${healthLinks.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`,
        ),
      )
      .orderBy(desc(healthLinks.createdAt), desc(healthLinks.id))
      .limit(limit + 1);
    return rows.map(({ createdAtKey, ...link }) => ({
      link: { ...link, label: this.cipher.decrypt(link.label, labelContext(link.id)) },
      key: [createdAtKey, link.id],
    }));
  }

  /**
   * A page of the accesses to all the owner's links for their export, newest first, after the `after` key (accessed
   * at, id): every one, where the owner's list shows the latest HEALTH_LINK_ACCESSES_LISTED of each link.
   */
  async exportAccessesPageByOwner(
    userId: string,
    after: readonly [accessedAt: string, id: string] | undefined,
    limit: number,
  ): Promise<Array<{ access: ExportedHealthLinkAccess; key: [string, string] }>> {
    const rows = await this.database.db
      .select({
        id: healthLinkAccesses.id,
        linkId: healthLinkAccesses.linkId,
        accessedAt: healthLinkAccesses.accessedAt,
        accessedAtKey: exactTimestamp(healthLinkAccesses.accessedAt),
        recipient: healthLinkAccesses.recipient,
      })
      .from(healthLinkAccesses)
      .innerJoin(healthLinks, eq(healthLinks.id, healthLinkAccesses.linkId))
      .where(
        and(
          eq(healthLinks.userId, userId),
          after &&
            sql`(${healthLinkAccesses.accessedAt}, ${healthLinkAccesses.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`,
        ),
      )
      .orderBy(desc(healthLinkAccesses.accessedAt), desc(healthLinkAccesses.id))
      .limit(limit + 1);
    return rows.map((row) => ({
      access: {
        linkId: row.linkId,
        at: row.accessedAt.toISOString(),
        recipient: this.cipher.decrypt(row.recipient, recipientContext(row.id)),
      },
      key: [row.accessedAtKey, row.id],
    }));
  }

  /** Revokes one of the owner's links (idempotent), and drops what it served: its file, its key, its locations. */
  async revoke(userId: string, linkId: string, at: Date): Promise<StoredHealthLink | undefined> {
    return this.database.db.transaction(async (tx) => {
      const [row] = await tx
        .update(healthLinks)
        .set({ revokedAt: sql`coalesce(${healthLinks.revokedAt}, ${at})`, file: '', wrappedKey: null })
        .where(and(eq(healthLinks.id, linkId), eq(healthLinks.userId, userId)))
        .returning();
      if (!row) return undefined;
      await tx.delete(healthLinkTickets).where(eq(healthLinkTickets.linkId, linkId));
      return this.opened(row, false);
    });
  }

  private async findWhere(where: ReturnType<typeof eq>): Promise<StoredHealthLink | undefined> {
    const [row] = await this.database.db
      .select({ link: healthLinks, consentWithdrawn: consentOf })
      .from(healthLinks)
      .leftJoin(consentWithdrawals, eq(consentWithdrawals.userId, healthLinks.userId))
      .where(where);
    return row ? this.opened(row.link, row.consentWithdrawn) : undefined;
  }

  private opened(row: LinkRow, consentWithdrawn: boolean): StoredHealthLink {
    return { ...row, label: this.cipher.decrypt(row.label, labelContext(row.id)), consentWithdrawn };
  }
}

const { file: _file, wrappedKey: _wrappedKey, ...LISTED_COLUMNS } = getTableColumns(healthLinks);

/** Not revoked, not expired, passcode not used up. */
const stillOpens = and(
  isNull(healthLinks.revokedAt),
  sql`(${healthLinks.expiresAt} is null or ${healthLinks.expiresAt} > now())`,
  sql`(${healthLinks.attemptsLeft} is null or ${healthLinks.attemptsLeft} > 0)`,
);

/**
 * With the owner's withdrawal joined (at most one row: it is keyed by the user), whether there is one. A join, not a
 * correlated subquery: drizzle writes a select's columns unqualified, so a subquery's `user_id = user_id` would compare
 * the withdrawal table with itself and read every owner as withdrawn once anyone is.
 */
const consentOf = sql<boolean>`${consentWithdrawals.userId} is not null`;
