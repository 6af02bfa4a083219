import type { MedicalRecord } from '@medical-qr/contracts';
import { Phone } from 'lucide-react';
import { PrimaryBadge } from '../../../components/ui/primary-badge';
import { FactsCheck } from '../facts-check';
import { WalletCardDownload } from './wallet-card-download';

/**
 * An active record's details in the history (SPEC section 2): when its facts were last checked (and the click that
 * confirms them), its emergency contacts and, when it has some, the wallet card.
 */
export function RecordDetails({ record }: { record: MedicalRecord }) {
  const contacts = record.emergencyContacts;
  return (
    <div className="mt-3 px-1">
      <FactsCheck record={record} className="mb-4" />
      <h3 className="text-base font-bold text-slate-900 dark:text-white">Emergency contacts</h3>
      {contacts.length === 0 ? (
        <p className="mt-2 text-slate-600 dark:text-slate-400">No emergency contacts found for this record.</p>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {contacts.map((contact) => (
            <li key={contact.id} className="rounded-2xl border border-slate-200 p-4 dark:border-slate-700">
              <p className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
                <span className="min-w-0 [overflow-wrap:anywhere]">{contact.name}</span>
                {contact.isPrimary ? <PrimaryBadge /> : null}
              </p>
              {contact.relationship ? (
                <p className="text-sm text-slate-600 dark:text-slate-400">{contact.relationship}</p>
              ) : null}
              <a
                href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}
                className="mt-1 inline-flex min-h-11 items-center gap-2 font-medium text-red-700 underline-offset-4 hover:underline dark:text-red-400"
              >
                <Phone className="size-4" aria-hidden="true" />
                {contact.phone}
              </a>
            </li>
          ))}
        </ul>
      )}
      {contacts.length > 0 ? <WalletCardDownload record={record} /> : null}
    </div>
  );
}
