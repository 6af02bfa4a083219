import { Phone } from 'lucide-react';
import { buttonClasses } from '../../components/ui/button';
import { dialableNumber, type ScannedContact } from './scanned-content';

/**
 * The call a responder makes first, right after the first-minute facts, naming whom it calls. It stays at the foot of
 * the screen until the page reaches it (as on the card page), so a long record never pushes it out of reach.
 */
export function PrimaryCall({ contact, label }: { contact: ScannedContact; label: string }) {
  const whom = contact.name || contact.phone;
  return (
    <div className="sticky bottom-[max(0.5rem,env(safe-area-inset-bottom))] z-10 mt-4">
      <a
        href={`tel:${dialableNumber(contact.phone)}`}
        aria-label={whom ? `${label}: ${whom}` : undefined}
        className={buttonClasses({
          size: 'lg',
          className: 'w-full py-2 shadow-lg shadow-slate-900/25 dark:shadow-black/60',
        })}
      >
        <Phone className="size-6 shrink-0" aria-hidden="true" />
        <span className="flex min-w-0 flex-col items-start leading-tight">
          <span className="whitespace-nowrap">{label}</span>
          {whom ? <span className="text-base font-medium text-red-50 [overflow-wrap:anywhere]">{whom}</span> : null}
        </span>
      </a>
    </div>
  );
}
