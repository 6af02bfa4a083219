import { AuthMessages } from '@medical-qr/contracts';
import { useWatch } from 'react-hook-form';
import { notify } from '../../components/ui/notifications';
import { Spinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/base-query';
import { useAppDispatch } from '../../lib/hooks';
import { useResendVerificationMutation } from './auth-api';

/** In the sign-in form's alert when the email is not verified yet: sends a new link to the typed email. */
export function ResendVerificationButton() {
  const dispatch = useAppDispatch();
  const email = String(useWatch({ name: 'email' }) ?? '').trim();
  const [resend, { isLoading }] = useResendVerificationMutation();
  const send = async () => {
    try {
      const { message } = await resend({ email }).unwrap();
      dispatch(
        notify({
          type: 'success',
          title: 'Verification email sent',
          description: message || AuthMessages.verificationSent,
        }),
      );
    } catch (failure) {
      dispatch(
        notify({
          type: 'error',
          title: 'Could not send the email',
          description: isApiError(failure) ? failure.message : 'Please try again in a moment.',
        }),
      );
    }
  };
  return (
    <button
      type="button"
      onClick={send}
      disabled={isLoading || email === ''}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg font-semibold text-red-800 underline underline-offset-2 disabled:opacity-60 dark:text-red-200"
    >
      {isLoading ? <Spinner className="size-4" /> : null}
      Send a new verification link
    </button>
  );
}
