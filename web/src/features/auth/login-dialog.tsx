import { Link } from 'react-router';
import { ModalDialog } from '../../components/ui/dialog';
import { LogoMark } from '../../components/ui/logo-mark';
import { paths } from '../../lib/paths';
import { ContinueWithGoogle } from './continue-with-google';
import { LoginTabs } from './login-tabs';

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
  const close = () => onOpenChange(false);
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      focusFirstInput
      icon={<LogoMark className="size-11" />}
      title="Welcome to Medical QR"
      description="Sign in to reach your medical ID, or create a free account."
    >
      <LoginTabs
        onSignedIn={() => {
          close();
          onSignedIn();
        }}
      />
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
          onClick={close}
          className="font-semibold text-red-700 underline-offset-2 hover:underline dark:text-red-400"
        >
          Terms and Privacy Policy
        </Link>
        .
      </p>
    </ModalDialog>
  );
}
