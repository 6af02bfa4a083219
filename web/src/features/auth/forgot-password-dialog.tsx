import { AuthMessages, forgotPasswordBodySchema } from '@medical-qr/contracts';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { Button } from '../../components/ui/button';
import { ModalDialog } from '../../components/ui/dialog';
import { EmailField } from '../../components/ui/form-field';
import { InlineAlert } from '../../components/ui/inline-alert';
import { notify } from '../../components/ui/notifications';
import { Spinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/base-query';
import { useForgotPasswordMutation } from './auth-api';
import { loginDialogOpened, selectAuthEmail } from './auth-slice';
import { checkForm } from './validation';

const EMAIL_REQUIRED = 'Please enter your email address';

/** "Forgot password?": asks for an email and always answers the same way (no account enumeration). */
export function ForgotPasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  useEffect(() => {
    if (!open) setSentTo(null);
  }, [open]);
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      focusFirstInput
      icon={
        <span className="flex size-11 items-center justify-center rounded-xl bg-red-50 text-red-600 dark:bg-red-950/60 dark:text-red-400">
          <MailCheck className="size-6" aria-hidden="true" />
        </span>
      }
      title={sentTo ? 'Check your email' : 'Reset your password'}
      description={
        sentTo ? undefined : "Enter the email you signed up with and we'll send you a link to choose a new password."
      }
    >
      <ForgotPasswordBody sent={sentTo} onSent={setSentTo} />
    </ModalDialog>
  );
}

function ForgotPasswordBody({
  sent,
  onSent,
}: {
  sent: { email: string; message: string } | null;
  onSent: (sent: { email: string; message: string }) => void;
}) {
  const dispatch = useAppDispatch();
  const initialEmail = useAppSelector(selectAuthEmail);
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [requestReset, { isLoading }] = useForgotPasswordMutation();
  const errorId = useId();
  const backToSignIn = () => dispatch(loginDialogOpened({ tab: 'sign-in', email }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const check = checkForm(forgotPasswordBodySchema, { email });
    if (!check.ok) {
      const missing = check.message === EMAIL_REQUIRED || check.message === AuthMessages.requiredFields;
      const text = missing ? EMAIL_REQUIRED : check.message;
      setError(text);
      dispatch(notify({ type: 'error', title: missing ? 'Email Required' : 'Invalid Email', description: text }));
      return;
    }
    setError(null);
    try {
      const { message } = await requestReset(check.data).unwrap();
      onSent({ email: check.data.email, message: message || AuthMessages.forgotPasswordSent });
    } catch (failure) {
      const text = isApiError(failure) ? failure.message : 'Please try again in a moment.';
      setError(text);
      dispatch(notify({ type: 'error', title: 'Could not send the reset link', description: text }));
    }
  };

  if (sent) {
    return (
      <div className="flex flex-col gap-5">
        <InlineAlert tone="success">{sent.message}</InlineAlert>
        <p className="text-base leading-relaxed text-slate-600 dark:text-slate-300">
          Requested for <span className="font-semibold break-all text-slate-900 dark:text-white">{sent.email}</span>.
          The link works once. If nothing arrives within a few minutes, check your spam folder.
        </p>
        <Button size="lg" className="w-full" onClick={backToSignIn}>
          <ArrowLeft className="size-5" aria-hidden="true" />
          Back to Sign In
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={isLoading} className="flex flex-col gap-4">
      {error ? (
        <InlineAlert tone="error" id={errorId}>
          {error}
        </InlineAlert>
      ) : null}
      <EmailField
        placeholder="you@example.com"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        invalid={error !== null}
        errorId={errorId}
      />
      <Button type="submit" size="lg" disabled={isLoading} className="w-full">
        {isLoading ? <Spinner /> : null}
        {isLoading ? 'Sending…' : 'Send Reset Link'}
      </Button>
      <Button variant="ghost" className="w-full" onClick={backToSignIn}>
        <ArrowLeft className="size-5" aria-hidden="true" />
        Back to Sign In
      </Button>
    </form>
  );
}
