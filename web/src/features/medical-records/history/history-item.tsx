import { ChevronDown, Copy, ExternalLink, ShoppingBag } from 'lucide-react';
import { useId, useState, type Ref } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { useCopyLink } from '../../../components/ui/notifications';
import { panel } from '../../../components/ui/panel';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';
import { DeleteRecordButton } from '../delete-record-button';
import { tokenPrefix, type HistoryEntry } from './history-entry';
import { OwnedRecordDetails } from './owned-record-details';

export interface HistoryItemProps {
  entry: HistoryEntry;
  /** Its place in the list, counted from the oldest code (#1), so a code keeps its number as new ones come. */
  number: number;
  /** The owner's record: Delete and Show Details are offered. */
  signedIn: boolean;
  initiallyExpanded?: boolean;
  headingRef?: Ref<HTMLHeadingElement>;
}

/** One code: number, Active/Inactive, created date, the token's first characters, and what an active code offers. */
export function HistoryItem({ entry, number, signedIn, initiallyExpanded = false, headingRef }: HistoryItemProps) {
  const titleId = useId();
  const detailsId = useId();
  const [expanded, setExpanded] = useState(initiallyExpanded);
  const copyLink = useCopyLink();
  const { record } = entry;

  return (
    <article aria-labelledby={titleId} className={panel('scroll-mt-24')}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2
            id={titleId}
            ref={headingRef}
            tabIndex={-1}
            className="scroll-mt-24 text-xl font-bold text-slate-900 outline-none dark:text-white"
          >
            QR code #{number}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Created {formatDate(entry.createdAt)} · Code <span className="font-mono">{tokenPrefix(entry.token)}</span>
          </p>
        </div>
        <StatusBadge active={entry.isActive} />
      </div>
      {entry.isActive ? (
        <div className="mt-4 grid gap-2 sm:flex sm:flex-wrap">
          <a href={entry.cardUrl} className={buttonClasses({ variant: 'secondary', className: 'whitespace-nowrap' })}>
            <ExternalLink className="size-5" aria-hidden="true" />
            View when QR Scanned
          </a>
          <Link
            to={paths.shop.getHref()}
            className={buttonClasses({ variant: 'secondary', className: 'whitespace-nowrap' })}
          >
            <ShoppingBag className="size-5" aria-hidden="true" />
            Shop
          </Link>
          <Button variant="secondary" className="whitespace-nowrap" onClick={() => void copyLink(entry.cardUrl)}>
            <Copy className="size-5" aria-hidden="true" />
            Copy Link
          </Button>
          {signedIn && record ? (
            <DeleteRecordButton recordId={record.id} className="whitespace-nowrap sm:ml-auto" />
          ) : null}
        </div>
      ) : null}
      {entry.isActive && signedIn && record ? (
        <div className="mt-4 border-t border-slate-200 pt-3 dark:border-slate-800">
          <Button
            variant="ghost"
            className="w-full"
            aria-expanded={expanded}
            aria-controls={detailsId}
            onClick={() => setExpanded((open) => !open)}
          >
            {expanded ? 'Hide Details' : 'Show Details'}
            <ChevronDown className={cn('size-5 transition-transform', expanded && 'rotate-180')} aria-hidden="true" />
          </Button>
        </div>
      ) : null}
      {signedIn && record ? (
        <div id={detailsId} hidden={!expanded || !entry.isActive}>
          {expanded && entry.isActive ? <OwnedRecordDetails recordId={record.id} /> : null}
        </div>
      ) : null}
    </article>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  return (
    <span
      className={cn(
        'rounded-full px-3 py-1 text-sm font-semibold whitespace-nowrap',
        active
          ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100'
          : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
      )}
    >
      {active ? 'Active' : 'Inactive'}
    </span>
  );
}
