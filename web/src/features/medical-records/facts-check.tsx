import { FACTS_CHECK_DUE_DAYS, type MedicalRecord } from '@medical-qr/contracts';
import { CalendarCheck, Check, CircleAlert } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { notify } from '../../components/ui/notifications';
import { isApiError } from '../../lib/base-query';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format-date';
import { useAppDispatch } from '../../lib/hooks';
import { useConfirmFactsMutation } from './records-api';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether facts last checked at `checkedAt` have gone unchecked for more than FACTS_CHECK_DUE_DAYS by `now`. */
export function factsCheckDue(checkedAt: string, now = Date.now()): boolean {
  return now - Date.parse(checkedAt) > FACTS_CHECK_DUE_DAYS * DAY_MS;
}

/**
 * When the owner last said this record's facts are right, and the one click that says it again: "These facts are still
 * right" dates them today without a save. The card prints the date; past FACTS_CHECK_DUE_DAYS it is marked here, as the
 * reminder mail says.
 */
export function FactsCheck({
  record,
  compact = false,
  className,
}: {
  record: Pick<MedicalRecord, 'id' | 'factsCheckedAt'>;
  /** In the narrow code panel: the button spans the panel like the others there. */
  compact?: boolean;
  className?: string;
}) {
  const dispatch = useAppDispatch();
  const [confirmFacts, { isLoading }] = useConfirmFactsMutation();
  // Absent from a records service older than the date (during a rolling update): no line rather than a wrong one.
  if (Number.isNaN(Date.parse(record.factsCheckedAt))) return null;
  const due = factsCheckDue(record.factsCheckedAt);

  const confirm = async () => {
    try {
      const confirmed = await confirmFacts(record.id).unwrap();
      dispatch(
        notify({
          type: 'success',
          title: 'Facts confirmed',
          description: `Your card now says they were last checked on ${formatDate(confirmed.factsCheckedAt)}.`,
        }),
      );
    } catch (error) {
      dispatch(
        notify({
          type: 'error',
          title: 'Not confirmed',
          description: isApiError(error) ? error.message : 'Your facts could not be confirmed. Please try again.',
        }),
      );
    }
  };

  return (
    <div
      className={cn(
        'w-full rounded-2xl border px-4 py-3 text-left',
        due
          ? 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700/70 dark:bg-amber-950/40 dark:text-amber-50'
          : 'border-slate-200 text-slate-700 dark:border-slate-700 dark:text-slate-200',
        className,
      )}
    >
      {due ? (
        <p className="flex items-center gap-2 font-bold">
          <CircleAlert className="size-5 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
          Not checked for over 6 months
        </p>
      ) : null}
      <p className={cn('flex items-start gap-2 text-[15px]', due ? 'mt-1' : 'font-semibold')}>
        {due ? null : (
          <CalendarCheck className="mt-0.5 size-5 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden="true" />
        )}
        {/* The date never breaks inside itself. */}
        <span>{`Facts last checked on ${formatDate(record.factsCheckedAt).replace(/ /g, '\u00a0')}`}</span>
      </p>
      <Button
        variant={due ? 'primary' : 'secondary'}
        className={cn('mt-3 w-full', !compact && 'sm:w-auto')}
        icon={<Check className="size-5" aria-hidden="true" />}
        pending={isLoading}
        pendingText="Confirming…"
        onClick={() => void confirm()}
      >
        These facts are still right
      </Button>
    </div>
  );
}
