import { ErrorCodes, PASSWORD_MIN_LENGTH, registerBodySchema, type RegisterBody } from '@medical-qr/contracts';
import {
  EmailInput,
  FORM_ERROR,
  FormAlert,
  Input,
  PasswordInput,
  PhoneInput,
  SubmitButton,
  useAppForm,
  type FormFailure,
} from '../../components/ui/form';
import { notify } from '../../components/ui/notifications';
import { isApiError } from '../../lib/base-query';
import { useAppDispatch } from '../../lib/hooks';
import { useRegisterMutation } from './auth-api';
import { LoginTabForm } from './login-tab-form';
import { rememberSignedInUser } from './stored-user';
import { welcomeToast } from './welcome';

/** `email` prefills the form when the dialog was opened for one (a code already made with it). */
export const useCreateAccountForm = (email = '') =>
  useAppForm(registerBodySchema, { firstName: '', lastName: '', email, phoneNumber: '', password: '' });
export type CreateAccountFormState = ReturnType<typeof useCreateAccountForm>;

/** A new account; signed in at once, or first asked to follow the emailed link (SPEC section 4). */
export function CreateAccountForm({
  form,
  onSignedIn,
  onNeedsVerification,
}: {
  form: CreateAccountFormState;
  onSignedIn: () => void;
  onNeedsVerification: (email: string, message: string) => void;
}) {
  const dispatch = useAppDispatch();
  const [register] = useRegisterMutation();

  const createAccount = async (values: RegisterBody) => {
    const body: RegisterBody = { ...values, phoneNumber: values.phoneNumber || undefined };
    const result = await register(body).unwrap();
    if (result.requiresVerification) {
      // The dialog's notice says it; a toast as well would say it twice.
      onNeedsVerification(
        body.email,
        result.message || `We sent an activation link to ${body.email}. Open it, then sign in here.`,
      );
      return;
    }
    rememberSignedInUser(result.user);
    dispatch(notify(welcomeToast(result.user.firstName, true)));
    onSignedIn();
  };

  return (
    <LoginTabForm form={form} onSubmit={createAccount} onFailure={registrationFailure}>
      <FormAlert />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="First name"
          autoComplete="given-name"
          autoCapitalize="words"
          registration={form.register('firstName')}
        />
        <Input
          label="Last name"
          autoComplete="family-name"
          autoCapitalize="words"
          registration={form.register('lastName')}
        />
      </div>
      <EmailInput placeholder="you@example.com" registration={form.register('email')} />
      <PhoneInput registration={form.register('phoneNumber')} />
      <PasswordInput
        label="Password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        registration={form.register('password')}
      />
      <SubmitButton pendingLabel="Creating account…" className="mt-1 w-full">
        Create Account
      </SubmitButton>
    </LoginTabForm>
  );
}

/** A taken email marks the email field; anything else is about the form. */
function registrationFailure(failure: unknown): FormFailure {
  const text = isApiError(failure) ? failure.message : 'Please try again in a moment.';
  const taken = isApiError(failure) && failure.code === ErrorCodes.CONFLICT;
  return { title: 'Failed to create account', errors: taken ? { email: text } : { [FORM_ERROR]: text } };
}
