import {
  AuthMessages,
  ErrorCodes,
  loginBodySchema,
  PASSWORD_MIN_LENGTH,
  registerBodySchema,
  type RegisterBody,
} from '@medical-qr/contracts';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { Button, buttonClasses } from '../../components/ui/button';
import { ModalDialog } from '../../components/ui/dialog';
import { EmailField, PasswordField, TextField } from '../../components/ui/form-field';
import { InlineAlert } from '../../components/ui/inline-alert';
import { LogoMark } from '../../components/ui/logo-mark';
import { notify } from '../../components/ui/notifications';
import { Spinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/base-query';
import { browserLocation } from '../../lib/browser';
import { cn } from '../../lib/cn';
import { takeLoginRedirect, takeUpgradeIntent } from '../../lib/login-gate';
import { paths, serverPaths } from '../../lib/paths';
import { useLoginMutation, useRegisterMutation, useResendVerificationMutation } from './auth-api';
import {
  forgotPasswordOpened,
  loginNoticeChanged,
  loginTabChanged,
  selectAuthEmail,
  selectLoginNotice,
  selectLoginTab,
  type LoginTab,
} from './auth-slice';
import { GoogleMark } from './google-mark';
import { pathWithoutLoginQuery } from './login-gate';
import { rememberSignedInUser } from './stored-user';
import { checkForm } from './validation';

interface FormError {
  text: string;
  fields: ReadonlySet<string>;
  /** Sign-in refused until the email is verified: offer a new link. */
  unverified?: boolean;
}

const noFields: ReadonlySet<string> = new Set();

/**
 * The login dialog (SPEC section 2, "Home and login"): Sign In and Create Account tabs and
 * Continue with Google. Mounted once by {@link AuthDialogs}; open it with `useLoginDialog()`.
 */
export function LoginDialog({
  open,
  onOpenChange,
  onSignedIn,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a successful sign-in or sign-up, once the dialog has closed. */
  onSignedIn: () => void;
}) {
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      focusFirstInput
      icon={<LogoMark className="size-11" />}
      title="Welcome to Medical QR"
      description="Sign in to reach your medical ID, or create a free account."
    >
      <LoginDialogBody
        onDone={() => onOpenChange(false)}
        onSignedIn={() => {
          onOpenChange(false);
          onSignedIn();
        }}
      />
    </ModalDialog>
  );
}

function LoginDialogBody({ onDone, onSignedIn }: { onDone: () => void; onSignedIn: () => void }) {
  const dispatch = useAppDispatch();
  const tab = useAppSelector(selectLoginTab);
  const notice = useAppSelector(selectLoginNotice);
  const carriedEmail = useAppSelector(selectAuthEmail);
  const [signIn, setSignIn] = useState({ email: carriedEmail, password: '' });
  const [account, setAccount] = useState({ firstName: '', lastName: '', email: '', phoneNumber: '', password: '' });
  const ids = useId();
  const tabId = (value: LoginTab) => `${ids}-tab-${value}`;
  const panelId = `${ids}-panel`;

  const needsVerification = (email: string, message: string) => {
    setSignIn({ email, password: '' });
    dispatch(loginTabChanged('sign-in'));
    dispatch(loginNoticeChanged({ tone: 'info', text: message }));
  };

  return (
    <>
      <LoginTabs tab={tab} tabId={tabId} panelId={panelId} onChange={(next) => dispatch(loginTabChanged(next))} />

      {notice ? (
        <InlineAlert tone={notice.tone} className="mt-4">
          {notice.text}
        </InlineAlert>
      ) : null}

      <div role="tabpanel" id={panelId} aria-labelledby={tabId(tab)} className="mt-5">
        {tab === 'sign-in' ? (
          <SignInForm
            values={signIn}
            onChange={setSignIn}
            onSignedIn={onSignedIn}
            onForgotPassword={() => dispatch(forgotPasswordOpened({ email: signIn.email }))}
          />
        ) : (
          <CreateAccountForm
            values={account}
            onChange={setAccount}
            onSignedIn={onSignedIn}
            onNeedsVerification={needsVerification}
          />
        )}
      </div>

      <div
        className="my-5 flex items-center gap-3 text-sm font-medium text-slate-500 dark:text-slate-400"
        aria-hidden="true"
      >
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        or
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
      <ContinueWithGoogle />

      <p className="mt-5 text-center text-sm leading-relaxed text-slate-600 dark:text-slate-400">
        By continuing you agree to our{' '}
        <Link
          to={paths.terms.getHref()}
          onClick={onDone}
          className="font-semibold text-red-700 underline-offset-2 hover:underline dark:text-red-400"
        >
          Terms and Privacy Policy
        </Link>
        .
      </p>
    </>
  );
}

const TABS: Array<{ value: LoginTab; label: string }> = [
  { value: 'sign-in', label: 'Sign In' },
  { value: 'create-account', label: 'Create Account' },
];

/** Two tabs with the WAI-ARIA tabs pattern: arrow keys, Home and End move between them. */
function LoginTabs({
  tab,
  tabId,
  panelId,
  onChange,
}: {
  tab: LoginTab;
  tabId: (value: LoginTab) => string;
  panelId: string;
  onChange: (tab: LoginTab) => void;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((entry) => entry.value === tab);
    const nextIndex = {
      ArrowRight: (index + 1) % TABS.length,
      ArrowLeft: (index - 1 + TABS.length) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    }[event.key];
    if (nextIndex === undefined) return;
    event.preventDefault();
    const next = TABS[nextIndex]!.value;
    onChange(next);
    document.getElementById(tabId(next))?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label="Sign in or create an account"
      onKeyDown={onKeyDown}
      className="grid grid-cols-2 gap-1 rounded-2xl bg-slate-100 p-1 dark:bg-slate-800"
    >
      {TABS.map(({ value, label }) => {
        const selected = value === tab;
        return (
          <button
            key={value}
            type="button"
            role="tab"
            id={tabId(value)}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(value)}
            className={cn(
              'min-h-11 rounded-xl px-2 text-[15px] font-semibold whitespace-nowrap transition-colors sm:text-base',
              'focus-visible:outline-3 focus-visible:outline-offset-[-3px] focus-visible:outline-red-600 dark:focus-visible:outline-red-400',
              selected
                ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-600 dark:text-white'
                : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
            )}
          >
            {label}
          </button>
        );
      })}
    </div>
  );
}

function SignInForm({
  values,
  onChange,
  onSignedIn,
  onForgotPassword,
}: {
  values: { email: string; password: string };
  onChange: (values: { email: string; password: string }) => void;
  onSignedIn: () => void;
  onForgotPassword: () => void;
}) {
  const dispatch = useAppDispatch();
  const [login, { isLoading }] = useLoginMutation();
  const [error, setError] = useState<FormError | null>(null);
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    dispatch(loginNoticeChanged(null));
    const check = checkForm(loginBodySchema, values);
    if (!check.ok) {
      setError({ text: check.message, fields: check.fields });
      return;
    }
    setError(null);
    try {
      const { user } = await login(check.data).unwrap();
      rememberSignedInUser(user);
      dispatch(notify({ type: 'success', title: 'Login successful', description: 'Welcome back!' }));
      onSignedIn();
    } catch (failure) {
      const unverified =
        isApiError(failure) &&
        (failure.code === ErrorCodes.EMAIL_NOT_VERIFIED || failure.body?.requiresVerification === true);
      const text = unverified
        ? AuthMessages.verifyBeforeLogin
        : (isApiError(failure) && failure.message) || AuthMessages.invalidCredentials;
      const fields =
        isApiError(failure) && failure.code === ErrorCodes.INVALID_CREDENTIALS
          ? new Set(['email', 'password'])
          : noFields;
      setError({ text, fields, unverified });
      dispatch(notify({ type: 'error', title: 'Login failed', description: text }));
    }
  };

  const invalid = (field: string) => error?.fields.has(field) ?? false;

  return (
    <form noValidate onSubmit={submit} aria-busy={isLoading} className="flex flex-col gap-4">
      {error ? (
        <InlineAlert
          tone="error"
          id={errorId}
          action={error.unverified ? <ResendVerificationButton email={values.email} /> : undefined}
        >
          {error.text}
        </InlineAlert>
      ) : null}
      <EmailField
        value={values.email}
        onChange={(event) => onChange({ ...values, email: event.target.value })}
        invalid={invalid('email')}
        errorId={errorId}
        placeholder="you@example.com"
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={values.password}
        onChange={(event) => onChange({ ...values, password: event.target.value })}
        invalid={invalid('password')}
        errorId={errorId}
        labelAction={
          <button
            type="button"
            onClick={onForgotPassword}
            className="-my-2 -mr-1 inline-flex min-h-11 items-center rounded-lg px-1 text-[15px] font-semibold text-red-700 underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-red-600 dark:text-red-400"
          >
            Forgot password?
          </button>
        }
      />
      <Button type="submit" size="lg" disabled={isLoading} className="mt-1 w-full">
        {isLoading ? <Spinner /> : null}
        {isLoading ? 'Signing in…' : 'Sign In'}
      </Button>
    </form>
  );
}

function ResendVerificationButton({ email }: { email: string }) {
  const dispatch = useAppDispatch();
  const [resend, { isLoading }] = useResendVerificationMutation();
  const send = async () => {
    try {
      const { message } = await resend({ email: email.trim() }).unwrap();
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
      disabled={isLoading || email.trim() === ''}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg font-semibold text-red-800 underline underline-offset-2 disabled:opacity-60 dark:text-red-200"
    >
      {isLoading ? <Spinner className="size-4" /> : null}
      Send a new verification link
    </button>
  );
}

interface AccountValues {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  password: string;
}

function CreateAccountForm({
  values,
  onChange,
  onSignedIn,
  onNeedsVerification,
}: {
  values: AccountValues;
  onChange: (values: AccountValues) => void;
  onSignedIn: () => void;
  onNeedsVerification: (email: string, message: string) => void;
}) {
  const dispatch = useAppDispatch();
  const [register, { isLoading }] = useRegisterMutation();
  const [error, setError] = useState<FormError | null>(null);
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    dispatch(loginNoticeChanged(null));
    const check = checkForm(registerBodySchema, values);
    if (!check.ok) {
      setError({ text: check.message, fields: check.fields });
      return;
    }
    setError(null);
    const body: RegisterBody = { ...check.data, phoneNumber: check.data.phoneNumber || undefined };
    try {
      const result = await register(body).unwrap();
      if (result.requiresVerification) {
        const message = result.message || `We sent an activation link to ${body.email}. Open it, then sign in here.`;
        dispatch(
          notify({
            type: 'info',
            title: 'Check your email',
            description: `We sent an activation link to ${body.email}.`,
          }),
        );
        onNeedsVerification(body.email, message);
        return;
      }
      rememberSignedInUser(result.user);
      dispatch(
        notify({
          type: 'success',
          title: 'Account created',
          description: `Welcome to Medical QR, ${result.user.firstName || 'friend'}!`,
        }),
      );
      onSignedIn();
    } catch (failure) {
      const text = isApiError(failure) ? failure.message : 'Please try again in a moment.';
      const fields = isApiError(failure) && failure.code === ErrorCodes.CONFLICT ? new Set(['email']) : noFields;
      setError({ text, fields });
      dispatch(notify({ type: 'error', title: 'Failed to create account', description: text }));
    }
  };

  const field = (name: keyof AccountValues) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => onChange({ ...values, [name]: event.target.value }),
    invalid: error?.fields.has(name) ?? false,
    errorId,
  });

  return (
    <form noValidate onSubmit={submit} aria-busy={isLoading} className="flex flex-col gap-4">
      {error ? (
        <InlineAlert tone="error" id={errorId}>
          {error.text}
        </InlineAlert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" autoCapitalize="words" {...field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" autoCapitalize="words" {...field('lastName')} />
      </div>
      <EmailField placeholder="you@example.com" {...field('email')} />
      <TextField
        label="Phone number"
        labelExtra="(optional)"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        {...field('phoneNumber')}
      />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        {...field('password')}
      />
      <Button type="submit" size="lg" disabled={isLoading} className="mt-1 w-full">
        {isLoading ? <Spinner /> : null}
        {isLoading ? 'Creating account…' : 'Create Account'}
      </Button>
    </form>
  );
}

/** Full-page trip through Google; it comes back to the stored target, /subscribe, or this page. */
function ContinueWithGoogle() {
  const location = useLocation();
  const [leaving, setLeaving] = useState(false);
  const go = () => {
    setLeaving(true);
    const target = takeUpgradeIntent()
      ? paths.subscribe.getHref()
      : (takeLoginRedirect() ?? pathWithoutLoginQuery(location.pathname, location.search));
    browserLocation.assign(serverPaths.googleAuth(target));
  };
  return (
    <button
      type="button"
      onClick={go}
      disabled={leaving}
      className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'w-full' })}
    >
      {leaving ? <Spinner /> : <GoogleMark className="size-5" />}
      Continue with Google
    </button>
  );
}
