import { EMERGENCY_CALL } from '@medical-qr/contracts';
import { Phone, TriangleAlert } from 'lucide-react';
import { cn } from '../../lib/cn';

/**
 * The first thing on a page reached instead of a card (not found, expired): someone may be helping a person on the
 * ground, so the emergency number comes before any explanation or upsell, with a button that dials it. The contact
 * page leads with it too, its `detail` saying why writing to us is no way to get help.
 */
export function EmergencyCallLead({ className, detail }: { className?: string; detail?: string }) {
  return (
    <section
      aria-label="Emergency"
      className={cn(
        'flex w-full flex-col gap-3 rounded-2xl border-2 border-red-300 bg-red-50 p-4 text-left',
        'dark:border-red-800 dark:bg-red-950/60',
        className,
      )}
    >
      <p className="flex gap-2 text-lg leading-snug font-bold text-slate-900 dark:text-white">
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-red-700 dark:text-red-400" aria-hidden="true" />
        {EMERGENCY_CALL.lead}
      </p>
      {detail ? <p className="pl-7 text-base leading-relaxed text-slate-800 dark:text-slate-100">{detail}</p> : null}
      <a
        href={`tel:${EMERGENCY_CALL.number}`}
        className={cn(
          'inline-flex min-h-14 items-center justify-center gap-2 rounded-xl bg-green-700 px-6 text-xl font-extrabold',
          'text-white hover:bg-green-800 focus-visible:outline-3 focus-visible:outline-offset-2',
          'focus-visible:outline-green-700 dark:focus-visible:outline-green-400',
        )}
      >
        <Phone className="size-6" aria-hidden="true" />
        {EMERGENCY_CALL.button}
      </a>
    </section>
  );
}
