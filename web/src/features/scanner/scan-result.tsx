import { GENDER_LABELS, organDonorLabel } from '@medical-qr/contracts';
import { Phone, ScanLine } from 'lucide-react';
import { PrimaryBadge } from '../../components/ui/primary-badge';
import type { ReactNode } from 'react';
import { Button, buttonClasses } from '../../components/ui/button';
import { panel } from '../../components/ui/panel';
import { dialableNumber, primaryContactOf, type ScannedContact, type ScannedPayload } from './scanned-content';

/**
 * What a scan found (SPEC section 2, "Scanner"): the full view (gender, blood type, allergies, organ donor, every
 * contact with Call, conditions), or the simpler one for a one-contact code (critical facts, Call Emergency Contact).
 */
export function ScanResult({
  payload,
  simple,
  onScanAnother,
}: {
  payload: ScannedPayload;
  simple: boolean;
  onScanAnother: () => void;
}) {
  const primary = primaryContactOf(payload.emergencyContacts);
  return (
    <section aria-labelledby="scan-result-title" className={panel()}>
      <h2
        id="scan-result-title"
        tabIndex={-1}
        className="text-2xl font-bold text-slate-900 outline-none dark:text-white"
      >
        Medical information
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {simple ? null : <Fact label="Gender">{GENDER_LABELS[payload.gender]}</Fact>}
        <Fact label="Blood type">{payload.bloodGroup || 'Not stated'}</Fact>
        <Fact label="Allergies" critical>
          {payload.allergies || 'None listed'}
        </Fact>
        {simple ? null : <Fact label="Organ donor">{organDonorLabel(payload.organDonor)}</Fact>}
        <Fact label="Medical conditions">{payload.medicalConditions || 'None listed'}</Fact>
      </dl>
      <h3 className="mt-6 text-lg font-bold text-slate-900 dark:text-white">
        {simple ? 'Emergency contact' : 'Emergency contacts'}
      </h3>
      {payload.emergencyContacts.length === 0 ? (
        <p className="mt-2 text-slate-600 dark:text-slate-400">No emergency contacts listed.</p>
      ) : (
        <ul className="mt-3 grid gap-3">
          {(simple ? [primary!] : payload.emergencyContacts).map((contact, index) => (
            <ContactRow key={`${contact.phone}-${index}`} contact={contact} />
          ))}
        </ul>
      )}
      <div className="mt-6 grid gap-3 sm:flex">
        {primary ? (
          <a
            href={`tel:${dialableNumber(primary.phone)}`}
            className={buttonClasses({ size: 'lg', className: 'whitespace-nowrap' })}
          >
            <Phone className="size-5" aria-hidden="true" />
            {simple ? 'Call Emergency Contact' : 'Call Primary Contact'}
          </a>
        ) : null}
        <Button variant="secondary" size="lg" className="whitespace-nowrap" onClick={onScanAnother}>
          <ScanLine className="size-5" aria-hidden="true" />
          Scan Another
        </Button>
      </div>
    </section>
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

function Fact({ label, critical = false, children }: { label: string; critical?: boolean; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-semibold text-slate-600 dark:text-slate-400">{label}</dt>
      <dd
        className={
          critical
            ? 'mt-0.5 font-bold text-red-800 [overflow-wrap:anywhere] dark:text-red-300'
            : 'mt-0.5 font-semibold text-slate-900 [overflow-wrap:anywhere] dark:text-white'
        }
      >
        {children}
      </dd>
    </div>
  );
}
