import type { HealthLinkSummary } from '@medical-qr/contracts';
import { Ban, Eye } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Fact } from '../../components/ui/fact';
import { panel } from '../../components/ui/panel';
import { formatDateTime, formatTimeAgo } from '../../lib/format-date';
import { HealthLinkStateBadge } from './health-link-state-badge';

/** Accesses shown before "Show all" (the list holds up to HEALTH_LINK_ACCESSES_LISTED). */
const ACCESSES_SHOWN = 5;

/** What the link is, in words: its passcode, whether it follows the record, and a direct file. */
export function linkKindText(link: Pick<HealthLinkSummary, 'hasPasscode' | 'longTerm' | 'directFile'>): string {
  return [
    link.hasPasscode ? 'Passcode' : 'No passcode',
    link.longTerm ? 'stays up to date with your record' : 'your record as it was when made',
    ...(link.directFile ? ['single file'] : []),
  ].join(' · ');
}

/** Until when it opens, or when it stopped. */
function lifeText(link: HealthLinkSummary): string {
  if (link.revokedAt) return `Revoked ${formatDateTime(link.revokedAt)}`;
  if (!link.expiresAt) return 'Never expires (until you revoke it)';
  return `${link.state === 'expired' ? 'Expired' : 'Expires'} ${formatDateTime(link.expiresAt)}`;
}

const openedText = (count: number) =>
  count === 0 ? 'Not opened yet' : `Opened ${count} ${count === 1 ? 'time' : 'times'}`;

/**
 * One of the owner's links: its name and state, what kind it is, until when it works, and who opened it when (the
 * name each reader gave, as written). Revoke for a link that could still open.
 */
export function HealthLinkCard({
  link,
  now,
  onRevoke,
}: {
  link: HealthLinkSummary;
  now: number;
  onRevoke: (link: HealthLinkSummary) => void;
}) {
  const titleId = useId();
  const [showAll, setShowAll] = useState(false);
  const accesses = showAll ? link.accesses : link.accesses.slice(0, ACCESSES_SHOWN);
  const canRevoke = link.state === 'active' || link.state === 'locked';
  return (
    <article aria-labelledby={titleId} className={panel('sm:p-5')}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <h4
          id={titleId}
          data-link-heading={link.id}
          tabIndex={-1}
          className="min-w-0 text-lg font-bold text-slate-900 [overflow-wrap:anywhere] outline-none dark:text-white"
        >
          {link.label}
        </h4>
        <HealthLinkStateBadge state={link.state} />
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{linkKindText(link)}</p>
      <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <Fact label="Made">{formatDateTime(link.createdAt)}</Fact>
        <Fact label="Works">{lifeText(link)}</Fact>
        {link.remainingAttempts !== null && link.state !== 'revoked' ? (
          <Fact label="Wrong passcodes it still takes">{link.remainingAttempts}</Fact>
        ) : null}
      </dl>
      <div className="mt-4 border-t border-slate-200 pt-3 dark:border-slate-800">
        <p className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
          <Eye className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          {openedText(link.accessCount)}
        </p>
        {accesses.length > 0 ? (
          <ul className="mt-2 flex flex-col gap-1.5" aria-label={`Who opened “${link.label}”`}>
            {accesses.map((access, index) => (
              <li
                key={`${access.at}-${index}`}
                className="flex flex-wrap gap-x-2 text-sm text-slate-700 dark:text-slate-300"
              >
                <time
                  dateTime={access.at}
                  title={formatDateTime(access.at)}
                  className="text-slate-600 dark:text-slate-400"
                >
                  {formatTimeAgo(access.at, now)}
                </time>
                <span className="min-w-0 font-semibold [overflow-wrap:anywhere] text-slate-900 dark:text-white">
                  {access.recipient}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        {link.accesses.length > ACCESSES_SHOWN ? (
          <Button variant="ghost" className="mt-1 -ml-2" onClick={() => setShowAll((shown) => !shown)}>
            {showAll ? 'Show fewer' : `Show all ${link.accesses.length}`}
          </Button>
        ) : null}
      </div>
      {canRevoke ? (
        <Button
          variant="destructive"
          className="mt-3 -ml-2"
          icon={<Ban className="size-5" aria-hidden="true" />}
          onClick={() => onRevoke(link)}
        >
          Revoke
          <span className="sr-only"> “{link.label}”</span>
        </Button>
      ) : null}
    </article>
  );
}
