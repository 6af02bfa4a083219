import { ChevronsDown, Plus, QrCode, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ActionLink } from '../../../components/ui/action-link';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { paths } from '../../../lib/paths';
import type { HistoryEntry } from './history-entry';
import { HistoryItem } from './history-item';

export interface HistoryScreenProps {
  /** Newest first. */
  entries: HistoryEntry[];
  /** The owner's records (Delete, details) rather than this browser's list (Clear History). */
  signedIn: boolean;
  /** `?expand=active`: open the active record's details and bring it into view. */
  expandActive: boolean;
  onClear?: () => void;
  /** How many codes there are in all when `entries` is the first pages of them (the numbers count from the oldest). */
  total?: number;
  /** Fetches the next page; offered while there is one. */
  onShowMore?: () => void;
  /** The next page is on its way. */
  loadingMore?: boolean;
  /** Shown between the title and the codes (the owner's alerts from their card); brings its own top margin. */
  aboveCodes?: ReactNode;
}

/** "Your QR Code History" (SPEC section 2): codes numbered newest first, or the empty state leading home. */
export function HistoryScreen({
  entries,
  signedIn,
  expandActive,
  onClear,
  total = entries.length,
  onShowMore,
  loadingMore = false,
  aboveCodes,
}: HistoryScreenProps) {
  const activeHeading = useRef<HTMLHeadingElement>(null);
  const activeId = expandActive ? entries.find((entry) => entry.isActive)?.id : undefined;

  useEffect(() => {
    if (!activeId) return;
    activeHeading.current?.scrollIntoView({ block: 'start' });
    activeHeading.current?.focus({ preventScroll: true });
  }, [activeId]);

  return (
    <div className="mx-auto max-w-3xl px-5 py-8 sm:px-6 md:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            Your QR Code History
          </h1>
          <p className="mt-2 text-base text-slate-600 dark:text-slate-300">
            {signedIn
              ? 'Every code you have made, newest first.'
              : 'Codes made in this browser, newest first. Sign in to keep them with an account.'}
          </p>
        </div>
        {!signedIn && entries.length > 0 && onClear ? <ClearHistoryButton onClear={onClear} /> : null}
      </div>
      {aboveCodes}
      {entries.length === 0 ? (
        <EmptyHistory />
      ) : (
        <ol className="mt-8 flex flex-col gap-4">
          {entries.map((entry, index) => (
            <li key={entry.id}>
              <HistoryItem
                entry={entry}
                number={total - index}
                signedIn={signedIn}
                initiallyExpanded={entry.id === activeId}
                headingRef={entry.id === activeId ? activeHeading : undefined}
              />
            </li>
          ))}
        </ol>
      )}
      {onShowMore ? (
        <div className="mt-6 flex flex-col items-center gap-2">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Showing {entries.length} of {total} codes
          </p>
          <Button
            variant="secondary"
            icon={<ChevronsDown className="size-5" aria-hidden="true" />}
            pending={loadingMore}
            onClick={onShowMore}
          >
            Show more
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** No codes yet: a way to make the first. */
export function EmptyHistory() {
  return (
    <Centered>
      <span className="flex size-16 items-center justify-center rounded-2xl bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        <QrCode className="size-8" aria-hidden="true" />
      </span>
      <h2 className="mt-5 text-xl font-bold text-slate-900 dark:text-white">No QR codes yet</h2>
      <p className="mt-2 text-slate-600 dark:text-slate-300">Make your emergency medical QR code in a minute.</p>
      <div className="mt-6 w-full sm:w-auto">
        <ActionLink to={paths.home.getHref()} icon={Plus}>
          Create a QR code
        </ActionLink>
      </div>
    </Centered>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return <div className="mt-10 flex flex-col items-center text-center">{children}</div>;
}

/** Forgets this browser's codes (and its saved user), after asking: the codes themselves keep working. */
function ClearHistoryButton({ onClear }: { onClear: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" className="whitespace-nowrap" onClick={() => setOpen(true)}>
        <Trash2 className="size-5" aria-hidden="true" />
        Clear History
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Clear this browser's history?"
        description="This browser forgets the codes it made. The codes keep working: anyone who scans them still sees your card."
        confirmLabel="Clear History"
        pendingLabel="Clearing…"
        confirmIcon={Trash2}
        onConfirm={() => {
          setOpen(false);
          onClear();
        }}
      />
    </>
  );
}
