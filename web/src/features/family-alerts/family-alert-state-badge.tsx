import type { OwnerFamilyAlert } from '@medical-qr/contracts';
import { CircleCheck, Clock, PhoneMissed } from 'lucide-react';
import { cn } from '../../lib/cn';

const STYLES = {
  waiting: { icon: Clock, className: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100' },
  acknowledged: {
    icon: CircleCheck,
    className: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  },
  unanswered: { icon: PhoneMissed, className: 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100' },
} as const;

/** Who answered "I'm on it", as the owner named the contact: "Charles (father)", or the name alone. */
function acknowledgerText({ acknowledgedBy }: Pick<OwnerFamilyAlert, 'acknowledgedBy'>): string {
  if (!acknowledgedBy) return 'A contact';
  const { name, relationship } = acknowledgedBy;
  return relationship ? `${name} (${relationship})` : name;
}

/** Where an alert stands, in words (the colour and the icon only repeat them). */
export function stateText(alert: Pick<OwnerFamilyAlert, 'state' | 'acknowledgedBy'>): string {
  switch (alert.state) {
    case 'waiting':
      return 'Waiting for an answer';
    case 'acknowledged':
      return `${acknowledgerText(alert)} is on it`;
    case 'unanswered':
      return 'Nobody answered — texted again';
  }
}

/** The alert's state as a pill: amber while it waits, green once a contact is on it, red when nobody answered. */
export function FamilyAlertStateBadge({ alert }: { alert: Pick<OwnerFamilyAlert, 'state' | 'acknowledgedBy'> }) {
  const { icon: Icon, className } = STYLES[alert.state];
  return (
    <p
      data-state={alert.state}
      className={cn(
        'inline-flex max-w-full items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold',
        className,
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 [overflow-wrap:anywhere]">{stateText(alert)}</span>
    </p>
  );
}
