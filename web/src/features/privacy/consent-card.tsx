import { PrivacyMessages, type PrivacyStatus } from '@medical-qr/contracts';
import { Eye, EyeOff, ShieldCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { formatDate } from '../../lib/format-date';
import { useGiveConsentMutation, useRevokeConsentMutation } from './privacy-api';
import { PrivacyCard } from './privacy-card';
import { ReasonForm } from './reason-form';
import { usePrivacyAction } from './use-privacy-action';
import { useReturnFocus } from './use-return-focus';

/** Which confirmation is open: revoking (with the reason given) or giving consent again. */
type Asking = { action: 'revoke'; reason: string } | { action: 'give' } | null;

/**
 * Consent to show the person's medical information (SPEC section 2, "Privacy controls"): while given, Revoke with an
 * optional reason; once revoked, since when, and Give consent again. Both ask first and say what they change. The
 * dialogs stay mounted across the change, so the one that made it closes as any dialog does.
 */
export function ConsentCard({ status }: { status: PrivacyStatus }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const focus = useReturnFocus(heading);
  const perform = usePrivacyAction();
  const [revoke, revoking] = useRevokeConsentMutation();
  const [give, giving] = useGiveConsentMutation();
  const [asking, setAsking] = useState<Asking>(null);

  const confirm = async (send: () => Promise<PrivacyStatus>, failed: string, title: string, description: string) => {
    const outcome = await perform(send, { failed, succeeded: () => ({ title, description }) });
    // The person closed the re-authentication: the confirmation stays, to try again or step back.
    if (outcome === 'cancelled') return;
    if (outcome === 'done') focus.markChanged();
    setAsking(null);
  };
  const confirmRevoke = (reason: string) =>
    confirm(
      () => revoke({ reason }).unwrap(),
      PrivacyMessages.revokeFailed,
      'Consent revoked',
      PrivacyMessages.consentRevoked,
    );
  const confirmGive = () =>
    confirm(() => give().unwrap(), PrivacyMessages.giveFailed, 'Consent given', PrivacyMessages.consentGiven);
  const closeUnlessPending = (open: boolean) => (open ? undefined : setAsking(null));
  // Both stay mounted and differ only in their words and what they send.
  const confirmations = [
    {
      action: 'revoke',
      title: 'Revoke your consent?',
      description:
        'Your emergency card and printed tags will stop showing your medical information to anyone who scans them, first responders included. We keep your data, and you can give consent again at any time.',
      cancelLabel: 'Keep sharing',
      confirmLabel: 'Revoke consent',
      pendingLabel: 'Revoking…',
      confirmIcon: EyeOff,
      pending: revoking.isLoading,
      onConfirm: () => void confirmRevoke(asking?.action === 'revoke' ? asking.reason : ''),
    },
    {
      action: 'give',
      title: 'Give consent again?',
      description:
        'Your emergency card and printed tags will show your medical information again to anyone who scans them, so they can help you in an emergency.',
      confirmLabel: 'Give consent',
      pendingLabel: 'Saving…',
      confirmIcon: Eye,
      pending: giving.isLoading,
      onConfirm: () => void confirmGive(),
    },
  ] as const;

  return (
    <PrivacyCard title="Your consent" icon={ShieldCheck} headingRef={heading}>
      {status.consentGiven ? (
        <>
          <p className="text-base leading-relaxed text-slate-700 dark:text-slate-300">
            You agreed that we keep your medical information and show it to anyone who scans your QR code or printed
            tags, so they can help you in an emergency. You can take that back at any time.
          </p>
          <div className="mt-5">
            <ReasonForm
              label="Why are you revoking consent?"
              submitLabel="Revoke consent"
              icon={EyeOff}
              buttonRef={focus.opener}
              onSubmit={(reason) => setAsking({ action: 'revoke', reason })}
            />
          </div>
        </>
      ) : (
        <>
          <p className="rounded-xl bg-amber-50 px-3.5 py-3 text-[15px] leading-snug text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
            {status.consentChangedAt
              ? `You revoked your consent on ${formatDate(status.consentChangedAt)}. `
              : 'You revoked your consent. '}
            Your emergency card and printed tags don't show your medical information to anyone who scans them.
          </p>
          <button
            ref={focus.opener}
            type="button"
            onClick={() => setAsking({ action: 'give' })}
            className={buttonClasses({
              variant: 'secondary',
              size: 'lg',
              className: 'mt-5 w-full whitespace-nowrap sm:w-auto',
            })}
          >
            <Eye className="size-5" aria-hidden="true" />
            Give consent again
          </button>
        </>
      )}
      {confirmations.map(({ action, ...confirmation }) => (
        <ConfirmDialog
          key={action}
          {...confirmation}
          open={asking?.action === action}
          onOpenChange={closeUnlessPending}
          onCloseAutoFocus={focus.onCloseAutoFocus}
        />
      ))}
    </PrivacyCard>
  );
}
