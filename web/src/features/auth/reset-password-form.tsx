import { AuthMessages, PASSWORD_MIN_LENGTH } from '@medical-qr/contracts';
import { House, KeyRound, LinkIcon, LogIn, Mail } from 'lucide-react';
import { useState } from 'react';
import { ActionLink } from '../../components/ui/action-link';
import { Button } from '../../components/ui/button';
import { BackToHomeLink } from '../../components/ui/back-to-home-link';
import { OutcomeCard } from '../../components/ui/outcome-card';
import { Form, FormAlert, PasswordInput, SubmitButton, useAppForm } from '../../components/ui/form';
import { notify } from '../../components/ui/notifications';
import { Spinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/base-query';
import { useAppDispatch } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { useRedirectAfter } from '../../lib/use-redirect-after';
import { useCheckResetLinkQuery, useResetPasswordMutation } from './auth-api';
import { LINK_FAILED, resetFailure } from './reset-failure';
import { useLoginDialog } from './use-login-dialog';
import { resetCheckTitle, resetPasswordFormSchema } from './reset-password-schema';

/** SPEC section 9: after a reset the visitor goes to sign in after 3 s; a link without a token goes home after 2 s. */
export const RESET_SUCCESS_REDIRECT_MS = 3000;
export const INVALID_LINK_REDIRECT_MS = 2000;

/** The /reset-password/{token} screen: the link is checked on opening, then a new password twice, then sign in. */
export function ResetPasswordForm({ token }: { token?: string }) {
  const validToken = token?.trim() ? token.trim() : null;
  if (!validToken) return <InvalidResetLink />;
  return <CheckedResetLink token={validToken} />;
}

/** A used or expired link is refused before anyone types a password; if the check cannot run, the form decides. */
function CheckedResetLink({ token }: { token: string }) {
  const { isLoading, error } = useCheckResetLinkQuery(token);
  if (isLoading) {
    return (
      <OutcomeCard icon={KeyRound} title="Choose a new password">
        <p
          role="status"
          className="flex items-center justify-center gap-2 text-base text-slate-600 dark:text-slate-300"
        >
          <Spinner className="size-4" />
          Checking your link…
        </p>
      </OutcomeCard>
    );
  }
  if (isApiError(error) && error.status === 410) return <UsedResetLink />;
  return <ResetPasswordWithToken token={token} />;
}

function ResetPasswordWithToken({ token }: { token: string }) {
  const { openForgotPassword } = useLoginDialog();
  const dispatch = useAppDispatch();
  const [resetPassword] = useResetPasswordMutation();
  const form = useAppForm(resetPasswordFormSchema, { password: '', confirmation: '' });
  const [done, setDone] = useState(false);

  const reset = async ({ password }: { password: string }) => {
    await resetPassword({ token, password }).unwrap();
    const description = 'You can now sign in with your new password.';
    dispatch(notify({ type: 'success', title: 'Password Reset Successful', description }));
    setDone(true);
  };

  if (done) return <ResetDone />;

  return (
    <OutcomeCard
      icon={KeyRound}
      title="Choose a new password"
      text={`Use at least ${PASSWORD_MIN_LENGTH} characters. You'll sign in with it from now on.`}
    >
      <Form
        form={form}
        onSubmit={reset}
        onFailure={resetFailure}
        invalidTitle={resetCheckTitle}
        summary
        className="flex flex-col gap-4 text-left"
      >
        <FormAlert
          action={(kind) => (kind === LINK_FAILED ? <RequestNewLink onClick={() => openForgotPassword()} /> : null)}
        />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          registration={form.register('password', { deps: ['confirmation'] })}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          registration={form.register('confirmation', { deps: ['password'] })}
        />
        <SubmitButton pendingLabel="Resetting…" className="mt-1 w-full">
          Reset Password
        </SubmitButton>
        <BackToHomeLink />
      </Form>
    </OutcomeCard>
  );
}

/** The link was used already, or has expired: say so at once and offer a new one. */
function UsedResetLink() {
  const { openForgotPassword } = useLoginDialog();
  return (
    <OutcomeCard tone="error" title="This reset link no longer works" text={AuthMessages.resetInvalid}>
      <div className="flex flex-col gap-3">
        <Button size="lg" className="w-full" onClick={() => openForgotPassword()}>
          <Mail className="size-5" aria-hidden="true" />
          Request a new link
        </Button>
        <BackToHomeLink />
      </div>
    </OutcomeCard>
  );
}

function RequestNewLink({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex min-h-11 items-center gap-2 font-semibold text-red-800 underline underline-offset-2 dark:text-red-200"
    >
      <LinkIcon className="size-4" aria-hidden="true" />
      Request a new link
    </button>
  );
}

/** The new password is saved: say so, then go to sign in (SPEC section 9). */
function ResetDone() {
  const goToLogin = paths.home.getHref({ login: true });
  useRedirectAfter(goToLogin, RESET_SUCCESS_REDIRECT_MS);
  return (
    <OutcomeCard
      tone="success"
      title="Password Reset Successful"
      text="Your password has been changed. Taking you to sign in…"
    >
      <ActionLink to={goToLogin} icon={LogIn} fullWidth>
        Go to Login
      </ActionLink>
    </OutcomeCard>
  );
}

/** No token in the link: say so (once, on the page), then go home (SPEC section 4, "Reset password"). */
function InvalidResetLink() {
  useRedirectAfter(paths.home.getHref(), INVALID_LINK_REDIRECT_MS, { replace: true });
  return (
    <OutcomeCard
      tone="error"
      title="Invalid Link"
      text="This password reset link is invalid. Taking you to the home page…"
    >
      <ActionLink to={paths.home.getHref()} icon={House} fullWidth>
        Back to Home
      </ActionLink>
    </OutcomeCard>
  );
}
