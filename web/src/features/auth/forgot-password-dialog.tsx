import { AuthMessages, forgotPasswordBodySchema } from '@medical-qr/contracts';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { DialogIconBadge, ModalDialog } from '../../components/ui/dialog';
import {
  EmailInput,
  Form,
  FORM_ERROR,
  FormAlert,
  SubmitButton,
  useAppForm,
  type FormFailure,
} from '../../components/ui/form';
import { InlineAlert } from '../../components/ui/inline-alert';
import { isApiError } from '../../lib/base-query';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { useForgotPasswordMutation } from './auth-api';
import { loginDialogOpened, selectAuthEmail } from './auth-slice';

const EMAIL_REQUIRED = 'Please enter your email address';

interface SentTo {
  email: string;
  message: string;
}

/** "Forgot password?": asks for an email and always answers the same way (no account enumeration). */
export function ForgotPasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [sentTo, setSentTo] = useState<SentTo | null>(null);
  useEffect(() => {
    if (!open) setSentTo(null);
  }, [open]);
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      focusFirstInput
      icon={<DialogIconBadge icon={MailCheck} />}
      title={sentTo ? 'Check your email' : 'Reset your password'}
      description={
        sentTo ? undefined : "Enter the email you signed up with and we'll send you a link to choose a new password."
      }
    >
      <ForgotPasswordBody sent={sentTo} onSent={setSentTo} />
    </ModalDialog>
  );
}

function ForgotPasswordBody({ sent, onSent }: { sent: SentTo | null; onSent: (sent: SentTo) => void }) {
  const dispatch = useAppDispatch();
  const carriedEmail = useAppSelector(selectAuthEmail);
  const form = useAppForm(forgotPasswordBodySchema, { email: carriedEmail });
  const [requestReset] = useForgotPasswordMutation();
  const backToSignIn = (email: string) => dispatch(loginDialogOpened({ tab: 'sign-in', email }));

  const send = async (body: { email: string }) => {
    const { message } = await requestReset(body).unwrap();
    onSent({ email: body.email, message: message || AuthMessages.forgotPasswordSent });
  };

  if (sent) {
    return (
      <div className="flex flex-col gap-5">
        <InlineAlert tone="success">{sent.message}</InlineAlert>
        <p className="text-base leading-relaxed text-slate-600 dark:text-slate-300">
          Requested for <span className="font-semibold break-all text-slate-900 dark:text-white">{sent.email}</span>.
          The link works once. If nothing arrives within a few minutes, check your spam folder.
        </p>
        <Button size="lg" className="w-full" onClick={() => backToSignIn(sent.email)}>
          <ArrowLeft className="size-5" aria-hidden="true" />
          Back to Sign In
        </Button>
      </div>
    );
  }

  return (
    <Form
      form={form}
      onSubmit={send}
      onFailure={resetLinkFailure}
      invalidTitle={checkTitle}
      summary
      className="flex flex-col gap-4"
    >
      <FormAlert />
      <EmailInput placeholder="you@example.com" registration={form.register('email')} />
      <SubmitButton pendingLabel="Sending…" className="w-full">
        Send Reset Link
      </SubmitButton>
      <Button variant="ghost" className="w-full" onClick={() => backToSignIn(form.getValues('email'))}>
        <ArrowLeft className="size-5" aria-hidden="true" />
        Back to Sign In
      </Button>
    </Form>
  );
}

/** SPEC section 5's titles for the forgot-password check. */
const checkTitle = (message: string) => (message === EMAIL_REQUIRED ? 'Email Required' : 'Invalid Email');

function resetLinkFailure(failure: unknown): FormFailure {
  const text = isApiError(failure) ? failure.message : 'Please try again in a moment.';
  return { title: 'Could not send the reset link', errors: { [FORM_ERROR]: text } };
}
