import { MAX_CONTACTS_FREE, type AnonymousCreationResponse } from '@medical-qr/contracts';
import { CircleCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { QR_LIFETIME } from '../../lib/plans';
import { CREATE_QR_SECTION_ID } from './create-qr-section';
import { emptyMedicalForm } from './medical-form-values';
import { MedicalInfoForm } from './medical-info-form';
import { QrCodeDisplay } from './qr-code-display';
import { useAnonymousRecordCreation, type LoginRequest } from './use-anonymous-record-creation';

/**
 * The signed-out home page's form, then the new code in its place (SPEC section 2, "Home and
 * login"). `onLoginRequested` opens the login dialog, which belongs to another feature.
 */
export function AnonymousQrCreator({ onLoginRequested }: { onLoginRequested: (request: LoginRequest) => void }) {
  const [created, setCreated] = useState<AnonymousCreationResponse | null>(null);
  const submit = useAnonymousRecordCreation({ onCreated: setCreated, onLoginRequested });
  const titleId = useId();

  return (
    <section id={CREATE_QR_SECTION_ID} aria-labelledby={titleId} className="scroll-mt-24">
      {created ? (
        <CreatedCode created={created} titleId={titleId} />
      ) : (
        <>
          <h2 id={titleId} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            Create your free QR code
          </h2>
          <p className="mt-2 mb-6 text-base text-slate-600 dark:text-slate-400">
            No account needed. Your free code works for {QR_LIFETIME.anonymous}; with a free account it lasts{' '}
            {QR_LIFETIME.signedIn}.
          </p>
          <MedicalInfoForm
            initialValues={emptyMedicalForm()}
            maxContacts={MAX_CONTACTS_FREE}
            submitLabel="Generate QR Code"
            pendingLabel="Generating…"
            emailHint="One free code per email address."
            onSubmit={submit}
          />
        </>
      )}
    </section>
  );
}

function CreatedCode({ created, titleId }: { created: AnonymousCreationResponse; titleId: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The form just left the page: bring the new code into view and announce it.
  useEffect(() => {
    headingRef.current?.scrollIntoView({ block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    <div className="mx-auto max-w-md rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7 dark:border-slate-800 dark:bg-slate-900">
      <h2
        id={titleId}
        ref={headingRef}
        tabIndex={-1}
        className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900 outline-none dark:text-white"
      >
        <CircleCheck className="size-7 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
        Your QR code is ready
      </h2>
      <p className="mt-2 mb-5 text-base text-slate-600 dark:text-slate-300">
        Save it to your phone's lock screen, print it for your wallet, or share the link with someone close to you.
      </p>
      <QrCodeDisplay qrCodeData={created.qrCodeData} cardUrl={created.cardUrl} expiresAt={created.expiresAt} />
    </div>
  );
}
