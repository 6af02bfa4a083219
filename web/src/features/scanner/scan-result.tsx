import { EXTRA_MEDICAL_FIELDS, GENDER_LABELS, organDonorLabel } from '@medical-qr/contracts';
import { ScanLine } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button';
import { panel } from '../../components/ui/panel';
import { FirstMinuteFacts } from './first-minute-facts';
import { PrimaryCall } from './primary-call';
import { ScanContacts } from './scan-contacts';
import { DetailFact } from './scan-facts';
import { primaryContactOf, type ScannedPayload } from './scanned-content';

/**
 * What a scan found (SPEC section 2, "Scanner"), led as the card page leads: the first-minute facts, then the primary
 * contact's Call on the first phone screen, then the rest (care directives, conditions, medications, gender, organ
 * donor) and every contact with Call. The simpler view of a one-contact code has no gender, organ donor or other
 * contacts, and calls with Call Emergency Contact.
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
  const heading = useRef<HTMLHeadingElement>(null);
  // The camera's buttons are gone: keyboard and screen reader users start at what the scan found.
  useEffect(() => heading.current?.focus(), []);
  const primary = primaryContactOf(payload.emergencyContacts);
  return (
    <section aria-labelledby="scan-result-title" className={panel()}>
      <h2
        ref={heading}
        id="scan-result-title"
        tabIndex={-1}
        className="text-lg font-bold text-slate-900 outline-none dark:text-white"
      >
        Medical information
      </h2>
      <FirstMinuteFacts payload={payload} />
      {primary ? (
        <PrimaryCall contact={primary} label={simple ? 'Call Emergency Contact' : 'Call Primary Contact'} />
      ) : null}
      <h3 className="mt-6 text-lg font-bold text-slate-900 dark:text-white">More about this person</h3>
      <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {payload.careDirectives?.trim() ? (
          <DetailFact label={EXTRA_MEDICAL_FIELDS.careDirectives}>{payload.careDirectives.trim()}</DetailFact>
        ) : null}
        <DetailFact label="Medical conditions">{payload.medicalConditions || 'None listed'}</DetailFact>
        {payload.medications?.trim() ? (
          <DetailFact label={EXTRA_MEDICAL_FIELDS.medications}>{payload.medications.trim()}</DetailFact>
        ) : null}
        {simple ? null : <DetailFact label="Gender">{GENDER_LABELS[payload.gender]}</DetailFact>}
        {simple ? null : <DetailFact label="Organ donor">{organDonorLabel(payload.organDonor)}</DetailFact>}
      </dl>
      <ScanContacts
        contacts={simple && primary ? [primary] : payload.emergencyContacts}
        title={simple ? 'Emergency contact' : 'Emergency contacts'}
      />
      <Button variant="secondary" size="lg" className="mt-6 w-full whitespace-nowrap sm:w-auto" onClick={onScanAnother}>
        <ScanLine className="size-5" aria-hidden="true" />
        Scan Another
      </Button>
    </section>
  );
}
