import { Phone } from 'lucide-react';
import { buttonClasses } from '../../components/ui/button';
import { PrimaryBadge } from '../../components/ui/primary-badge';
import { dialableNumber, type ScannedContact } from './scanned-content';

/** Every contact a code lists, each with its own Call (a one-contact code's simpler view: that contact). */
export function ScanContacts({ contacts, title }: { contacts: ScannedContact[]; title: string }) {
  return (
    <>
      <h3 className="mt-6 text-lg font-bold text-slate-900 dark:text-white">{title}</h3>
      {contacts.length === 0 ? (
        <p className="mt-2 text-slate-600 dark:text-slate-400">No emergency contacts listed.</p>
      ) : (
        <ul className="mt-3 grid gap-3">
          {contacts.map((contact, index) => (
            <ContactRow key={`${contact.phone}-${index}`} contact={contact} />
          ))}
        </ul>
      )}
    </>
  );
}

function ContactRow({ contact }: { contact: ScannedContact }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 p-4 dark:border-slate-700">
      <div className="min-w-0">
        <p className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
          <span className="[overflow-wrap:anywhere]">{contact.name || 'Emergency contact'}</span>
          {contact.isPrimary ? <PrimaryBadge /> : null}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {[contact.relationship, contact.phone].filter(Boolean).join(' · ')}
        </p>
      </div>
      <a
        href={`tel:${dialableNumber(contact.phone)}`}
        aria-label={`Call ${contact.name || contact.phone}`}
        className={buttonClasses({ variant: 'secondary', className: 'whitespace-nowrap' })}
      >
        <Phone className="size-5" aria-hidden="true" />
        Call
      </a>
    </li>
  );
}
