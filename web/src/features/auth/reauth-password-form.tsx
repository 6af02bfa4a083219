import { ErrorCodes, verifyPasswordBodySchema, type ReauthResponse } from '@medical-qr/contracts';
import { useEffect } from 'react';
import { Button } from '../../components/ui/button';
import {
  EmailInput,
  Form,
  FORM_ERROR,
  FormAlert,
  PasswordInput,
  SubmitButton,
  useAppForm,
  type FormFailure,
} from '../../components/ui/form';
import { isApiError } from '../../lib/base-query';
import { useVerifyPasswordMutation } from './auth-api';

export const REAUTH_FAILED = 'Invalid credentials. Please try again.';

/** Email and password again, before a destructive privacy action (SPEC sections 4, 5 and 8). */
export function ReauthPasswordForm({
  accountEmail,
  onCancel,
  onVerified,
  onPasswordless,
}: {
  /** Prefilled; it may arrive after the dialog opened. */
  accountEmail?: string;
  onCancel: () => void;
  onVerified: (result: ReauthResponse) => void;
  /** The account signs in with Google only: confirm that way instead. */
  onPasswordless: () => void;
}) {
  const form = useAppForm(verifyPasswordBodySchema, { email: accountEmail ?? '', password: '' });
  const [verifyPassword] = useVerifyPasswordMutation();

  useEffect(() => {
    if (accountEmail && !form.getValues('email')) form.setValue('email', accountEmail);
  }, [accountEmail, form]);

  const verify = async (body: { email: string; password: string }) => onVerified(await verifyPassword(body).unwrap());
  const describeFailure = (failure: unknown): FormFailure | void => {
    if (isApiError(failure) && failure.code === ErrorCodes.OAUTH_NO_PASSWORD) return onPasswordless();
    if (isCredentialFailure(failure)) return { title: 'Verification Failed', errors: { password: REAUTH_FAILED } };
    const text = isApiError(failure) ? failure.message : REAUTH_FAILED;
    return { title: 'Verification Failed', errors: { [FORM_ERROR]: text } };
  };

  return (
    <Form form={form} onSubmit={verify} onFailure={describeFailure} summary className="flex flex-col gap-4">
      <FormAlert />
      <EmailInput registration={form.register('email')} />
      <PasswordInput label="Password" autoComplete="current-password" registration={form.register('password')} />
      <div className="mt-1 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton size="md" pendingLabel="Verifying…">
          Verify
        </SubmitButton>
      </div>
    </Form>
  );
}

function isCredentialFailure(failure: unknown): boolean {
  if (!isApiError(failure)) return false;
  return (
    failure.code === ErrorCodes.REAUTH_FAILED ||
    failure.code === ErrorCodes.INVALID_CREDENTIALS ||
    failure.status === 401 ||
    failure.status === 403
  );
}
