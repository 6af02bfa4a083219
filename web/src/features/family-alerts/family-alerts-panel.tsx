import { useId } from 'react';
import { RetryAlert } from '../../components/ui/retry-alert';
import { cn } from '../../lib/cn';
import { FamilyAlertCard } from './family-alert-card';
import { useGetFamilyAlertsQuery } from './family-alerts-api';
import { useMinuteClock } from '../../lib/use-minute-clock';

/**
 * "Alerts from your card" on the owner's history: each time someone helping them used "Tell their family" (or texted
 * a printed reference), newest first, with whether a contact answered. Nothing at all while there has been none.
 */
export function FamilyAlertsPanel({ className }: { className?: string }) {
  const headingId = useId();
  const { data, isError, refetch } = useGetFamilyAlertsQuery();
  const now = useMinuteClock();

  if (!data) {
    return isError ? (
      <RetryAlert
        className={className}
        title="Alerts unavailable"
        message="The alerts sent from your card could not be loaded. Your codes are below."
        onRetry={() => void refetch()}
      />
    ) : null;
  }
  if (data.alerts.length === 0) return null;
  return (
    // The line under the alerts keeps their cards apart from the codes' cards that follow.
    <section
      aria-labelledby={headingId}
      className={cn('border-b border-slate-200 pb-8 dark:border-slate-800', className)}
    >
      <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        Alerts from your card
      </h2>
      <p className="mt-1 text-base text-slate-600 dark:text-slate-300">
        Texts sent to your emergency contacts by someone helping you, newest first.
      </p>
      <ol className="mt-4 flex flex-col gap-4">
        {data.alerts.map((alert) => (
          <li key={alert.id}>
            <FamilyAlertCard alert={alert} now={now} />
          </li>
        ))}
      </ol>
    </section>
  );
}
