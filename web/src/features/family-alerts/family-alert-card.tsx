import type { OwnerFamilyAlert } from '@medical-qr/contracts';
import { MessageSquareText } from 'lucide-react';
import { useId } from 'react';
import { panel } from '../../components/ui/panel';
import { formatDateTime, formatTimeAgo } from '../../lib/format-date';
import { FamilyAlertStateBadge } from './family-alert-state-badge';
import { ResponderNoteDetails } from './responder-note';

const SOURCE_TITLES: Record<OwnerFamilyAlert['note']['source'], string> = {
  card: 'Someone used “Tell their family”',
  sms: 'Someone texted your printed reference',
};

const contactsText = (count: number) =>
  count === 0 ? 'No contact could be texted' : `Texted ${count} ${count === 1 ? 'contact' : 'contacts'}`;

/** One alert: how it was sent and when, what the responder wrote, and whether a contact answered. */
export function FamilyAlertCard({ alert, now }: { alert: OwnerFamilyAlert; now: number }) {
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className={panel()}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 id={titleId} className="text-lg font-bold text-slate-900 dark:text-white">
            {SOURCE_TITLES[alert.note.source]}
          </h3>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            <time dateTime={alert.sentAt}>
              {formatTimeAgo(alert.sentAt, now)} · {formatDateTime(alert.sentAt)}
            </time>
          </p>
        </div>
        <FamilyAlertStateBadge alert={alert} />
      </div>
      <ResponderNoteDetails note={alert.note} />
      <p className="mt-4 flex items-center gap-2 border-t border-slate-200 pt-3 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
        <MessageSquareText className="size-4 shrink-0" aria-hidden="true" />
        <span>
          {contactsText(alert.contactsTexted)}
          {alert.acknowledgedAt ? ` · answered ${formatTimeAgo(alert.acknowledgedAt, now)}` : ''}
        </span>
      </p>
    </article>
  );
}
