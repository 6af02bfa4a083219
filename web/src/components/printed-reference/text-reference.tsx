import { MessageSquareText } from 'lucide-react';
import { cn } from '../../lib/cn';

/**
 * A code's printed reference as its owner sees it ("Text reference: K7QM 4XPD"), with what a responder does with it
 * when the service has an SMS number; without one, the reference alone.
 */
export function TextReference({
  reference,
  smsNumber,
  className,
}: {
  /** As printed, two groups of four. */
  reference: string;
  /** The service's SMS number (E.164), or null when SMS is not set up. */
  smsNumber: string | null | undefined;
  className?: string;
}) {
  return (
    <div className={cn('flex items-start gap-2 text-left', className)}>
      <MessageSquareText className="mt-0.5 size-5 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden="true" />
      <div>
        <p className="text-[15px] font-semibold text-slate-700 dark:text-slate-200">
          Text reference:{' '}
          <span className="font-mono text-base font-bold tracking-wider whitespace-nowrap text-slate-900 dark:text-white">
            {reference}
          </span>
        </p>
        {smsNumber ? (
          <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
            A responder without data can text this to <span className="whitespace-nowrap">{smsNumber}</span> to get your
            first-minute facts by SMS.
          </p>
        ) : null}
      </div>
    </div>
  );
}
