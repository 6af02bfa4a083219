import type { ExportedHealthLink, HealthLinkState, HealthLinkSummary } from '@medical-qr/contracts';
import type { ListedHealthLink, StoredHealthLink } from './health-links.repository.js';

/** What a link's state is read from. */
type LinkFacts = Pick<StoredHealthLink, 'revokedAt' | 'expiresAt' | 'attemptsLeft'>;

export function healthLinkStateOf(link: LinkFacts, now: Date): HealthLinkState {
  if (link.revokedAt) return 'revoked';
  if (link.attemptsLeft === 0) return 'locked';
  if (link.expiresAt && link.expiresAt <= now) return 'expired';
  return 'active';
}

/** A link as its owner's export lists it: what their list shows, the flags in words; nothing that opens it. */
export function exportedHealthLink(
  link: LinkFacts & Pick<StoredHealthLink, 'id' | 'recordId' | 'label' | 'flag' | 'createdAt'>,
  now: Date,
): ExportedHealthLink {
  return {
    id: link.id,
    recordId: link.recordId,
    label: link.label,
    longTerm: link.flag.includes('L'),
    directFile: link.flag.includes('U'),
    hasPasscode: link.flag.includes('P'),
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt?.toISOString() ?? null,
    revokedAt: link.revokedAt?.toISOString() ?? null,
    state: healthLinkStateOf(link, now),
    remainingAttempts: link.attemptsLeft,
  };
}

/** A link as its owner's list shows it, with its latest accesses. */
export function healthLinkSummary({ link, accessCount, accesses }: ListedHealthLink, now: Date): HealthLinkSummary {
  const { recordId: _recordId, ...shown } = exportedHealthLink(link, now);
  return { ...shown, flag: link.flag, accessCount, accesses };
}
