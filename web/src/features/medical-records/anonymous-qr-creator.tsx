import { MAX_CONTACTS_FREE } from '@medical-qr/contracts';
import { CircleCheck, MailCheck, Plus, QrCode } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '../../components/ui/button';
import { QR_LIFETIME } from '../../lib/plans';
import { latestLiveStoredCode, type RememberedQrCode } from '../../lib/storage';
import { AccountLifetimeOffer } from './account-lifetime-offer';
import { CREATE_QR_SECTION_ID, goToCreateQrSection } from './create-qr-section';
import { EmailTakenActions } from './email-taken-actions';
import { emptyMedicalForm } from './medical-form-values';
import { MedicalInfoForm } from './medical-info-form';
import { QrCodeDisplay } from './qr-code-display';
import { useAnonymousRecordCreation, type CreatedCode, type LoginRequest } from './use-anonymous-record-creation';
import { panel } from '../../components/ui/panel';

/** A code on screen: just created (announced), or this browser's from before a reload (shown quietly). */
type ShownCode = { code: CreatedCode | RememberedQrCode; justCreated: boolean };

/**
 * The signed-out home page's form, then the new code in its place (SPEC section 2, "Home and
 * login"). After a reload the code this browser created last is shown again (SPEC section 4,
 * "Local history"), while it works. `onLoginRequested` opens the login dialog (another feature).
 */
export function AnonymousQrCreator({ onLoginRequested }: { onLoginRequested: (request: LoginRequest) => void }) {
  const [shown, setShown] = useState<ShownCode | null>(() => {
    const remembered = latestLiveStoredCode();
    return remembered ? { code: remembered, justCreated: false } : null;
  });
  // The email that already has an active code, while its refusal shows: the ways in are offered under it.
  const [takenEmail, setTakenEmail] = useState<string | null>(null);
  const submit = useAnonymousRecordCreation({
    onCreated: (code) => setShown({ code, justCreated: true }),
    onLoginRequested,
    onEmailTaken: setTakenEmail,
  });
  const titleId = useId();

  return (
    <section id={CREATE_QR_SECTION_ID} aria-labelledby={titleId} className="scroll-mt-24">
      {shown ? (
        <ShownQrCode
          shown={shown}
          titleId={titleId}
          onCreateAccount={(email) => onLoginRequested({ email: email ?? undefined, tab: 'create-account' })}
          onCreateAnother={() => {
            // The button leaves with the code: focus goes to the form's first field.
            flushSync(() => setShown(null));
            goToCreateQrSection();
          }}
        />
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
            emailHint={
              takenEmail ? (
                <EmailTakenActions
                  onSignIn={() => onLoginRequested({ email: takenEmail, tab: 'sign-in' })}
                  onCreateAccount={() => onLoginRequested({ email: takenEmail, tab: 'create-account' })}
                />
              ) : (
                'One free code per email address.'
              )
            }
            onSubmit={submit}
          />
        </>
      )}
    </section>
  );
}

function ShownQrCode({
  shown: { code, justCreated },
  titleId,
  onCreateAnother,
  onCreateAccount,
}: {
  shown: ShownCode;
  titleId: string;
  onCreateAnother: () => void;
  onCreateAccount: (email: string | null) => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The form just left the page: bring the new code into view (below the sticky header) and announce it.
  useEffect(() => {
    if (!justCreated) return;
    headingRef.current?.scrollIntoView({ block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, [justCreated]);

  return (
    <div className={panel('mx-auto max-w-md')}>
      <h2
        id={titleId}
        ref={headingRef}
        tabIndex={-1}
        className="flex scroll-mt-24 items-center gap-2 text-2xl font-bold tracking-tight text-slate-900 outline-none dark:text-white"
      >
        {justCreated ? (
          <CircleCheck className="size-7 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
        ) : (
          <QrCode className="size-7 shrink-0 text-red-600 dark:text-red-400" aria-hidden="true" />
        )}
        {justCreated ? 'Your QR code is ready' : 'Your QR code'}
      </h2>
      <p className="mt-2 mb-5 text-base text-slate-600 dark:text-slate-300">
        {justCreated
          ? "Save it to your phone's lock screen, print it for your wallet, or share the link with someone close to you."
          : 'You made this code on this device. It still opens your emergency card.'}
      </p>
      {justCreated && mailedTo(code) ? (
        <p className="-mt-3 mb-5 flex gap-2 text-sm text-slate-600 dark:text-slate-400">
          <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            We sent a link to <span className="font-semibold break-all">{mailedTo(code)}</span>. Follow it to keep this
            code with your account when you sign in or create one with this email.
          </span>
        </p>
      ) : null}
      <QrCodeDisplay
        qrCodeData={code.qrCodeData}
        cardUrl={code.cardUrl}
        expiresAt={code.expiresAt}
        reference={code.reference}
        label={code.label}
      >
        {/* After the code and its actions: saving the code comes first, the longer life next. */}
        <AccountLifetimeOffer email={madeWith(code)} onCreateAccount={() => onCreateAccount(madeWith(code))} />
        <Button variant="ghost" onClick={onCreateAnother} className="mt-3 w-full">
          <Plus className="size-5" aria-hidden="true" />
          Create another code
        </Button>
      </QrCodeDisplay>
    </div>
  );
}

/** The email a code was made with, when this screen knows it (a code just made; not one remembered). */
function madeWith(code: CreatedCode | RememberedQrCode): string | null {
  return 'email' in code && typeof code.email === 'string' ? code.email : null;
}

/** Where a code just made sent the link that proves its email, if a link went (a remembered code says nothing). */
function mailedTo(code: CreatedCode | RememberedQrCode): string | null {
  return 'confirmationMailed' in code && code.confirmationMailed ? (code as CreatedCode).email : null;
}
