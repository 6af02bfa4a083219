import { AuthMessages, ErrorCodes, loginBodySchema, type LoginBody } from '@medical-qr/contracts';
import {
  EmailInput,
  FormAlert,
  FORM_ERROR,
  PasswordInput,
  SubmitButton,
  useAppForm,
  type FormFailure,
} from '../../components/ui/form';
import { notify } from '../../components/ui/notifications';
import { isApiError } from '../../lib/base-query';
import { useAppDispatch } from '../../lib/hooks';
import { useLoginMutation } from './auth-api';
import { LoginTabForm } from './login-tab-form';
import { ResendVerificationButton } from './resend-verification-button';
import { rememberSignedInUser } from './stored-user';
import { welcomeToast } from './welcome';

/** The refusal kind that offers a new verification link. */
const UNVERIFIED = 'unverified';

export const useSignInForm = (email: string) => useAppForm(loginBodySchema, { email, password: '' });
export type SignInFormState = ReturnType<typeof useSignInForm>;

/** Email and password (SPEC sections 5 and 8, "Authentication"). */
export function SignInForm({
  form,
  onSignedIn,
  onForgotPassword,
}: {
  form: SignInFormState;
  onSignedIn: () => void;
  onForgotPassword: (email: string) => void;
}) {
  const dispatch = useAppDispatch();
  const [login] = useLoginMutation();

  const signIn = async (body: LoginBody) => {
    const { user, firstSignIn } = await login(body).unwrap();
    rememberSignedInUser(user);
    dispatch(notify(welcomeToast(user.firstName, firstSignIn === true)));
    onSignedIn();
  };

  return (
    <LoginTabForm form={form} onSubmit={signIn} onFailure={loginFailure}>
      <FormAlert action={(kind) => (kind === UNVERIFIED ? <ResendVerificationButton /> : null)} />
      <EmailInput placeholder="you@example.com" registration={form.register('email')} />
      <PasswordInput
        label="Password"
        autoComplete="current-password"
        registration={form.register('password')}
        labelAction={
          <button
            type="button"
            onClick={() => onForgotPassword(form.getValues('email'))}
            className="-my-2 -mr-1 inline-flex min-h-11 items-center rounded-lg px-1 text-[15px] font-semibold text-red-700 underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-red-600 dark:text-red-400"
          >
            Forgot password?
          </button>
        }
      />
      <SubmitButton pendingLabel="Signing in…" className="mt-1 w-full">
        Sign In
      </SubmitButton>
    </LoginTabForm>
  );
}

/** An unverified email gets the spec's text and a new link; wrong credentials mark both fields. */
function loginFailure(failure: unknown): FormFailure {
  const error = isApiError(failure) ? failure : undefined;
  const unverified = error?.code === ErrorCodes.EMAIL_NOT_VERIFIED || error?.body?.requiresVerification === true;
  const text = unverified ? AuthMessages.verifyBeforeLogin : error?.message || AuthMessages.invalidCredentials;
  return {
    title: 'Login failed',
    errors: error?.code === ErrorCodes.INVALID_CREDENTIALS ? { email: text, password: text } : { [FORM_ERROR]: text },
    kind: unverified ? UNVERIFIED : undefined,
  };
}
