import { AuditActions, coarseUserAgent, type PersonalDataExport } from '@medical-qr/contracts';
import type { auditLog } from '../database/schema.js';

type ExportedAuditEntry = PersonalDataExport['privacy']['auditLog'][number];

/**
 * Entries under the person's id that someone else caused: a responder opening their card, anyone typing their
 * email into forgot-password. Their address and full browser string are that someone's, not the person's.
 */
const CAUSED_BY_OTHERS = new Set<string>([AuditActions.cardViewed, AuditActions.passwordResetRequested]);

/**
 * One audit entry as the person downloads it. Their own entries keep the address and browser they used; entries
 * others caused say only what the scan log keeps of a viewer ("Chrome on Android"): the audit log keeps the rest
 * for an investigation, never for the owner.
 */
export function exportedAuditEntry(row: typeof auditLog.$inferSelect): ExportedAuditEntry {
  const byOthers = CAUSED_BY_OTHERS.has(row.action);
  return {
    occurredAt: row.occurredAt.toISOString(),
    action: row.action,
    ip: byOthers ? null : row.ip,
    userAgent: byOthers ? null : row.userAgent,
    viewer: row.userAgent === null ? null : coarseUserAgent(row.userAgent),
  };
}
