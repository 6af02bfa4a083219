import { useId, type KeyboardEvent } from 'react';
import { InlineAlert } from '../../components/ui/inline-alert';
import { cn } from '../../lib/cn';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import {
  forgotPasswordOpened,
  loginNoticeChanged,
  loginTabChanged,
  selectAuthEmail,
  selectLoginNotice,
  selectLoginTab,
  type LoginTab,
} from './auth-slice';
import { CreateAccountForm, useCreateAccountForm } from './create-account-form';
import { SignInForm, useSignInForm } from './sign-in-form';

const TABS: Array<{ value: LoginTab; label: string }> = [
  { value: 'sign-in', label: 'Sign In' },
  { value: 'create-account', label: 'Create Account' },
];

/**
 * The Sign In and Create Account tabs, the dialog's notice, and the selected form. Both forms'
 * values live here, so switching tabs keeps what was typed.
 */
export function LoginTabs({ onSignedIn }: { onSignedIn: () => void }) {
  const dispatch = useAppDispatch();
  const tab = useAppSelector(selectLoginTab);
  const notice = useAppSelector(selectLoginNotice);
  const carriedEmail = useAppSelector(selectAuthEmail);
  const signInForm = useSignInForm(carriedEmail);
  const accountForm = useCreateAccountForm(carriedEmail);
  const ids = useId();
  const tabId = (value: LoginTab) => `${ids}-tab-${value}`;
  const panelId = `${ids}-panel`;

  const needsVerification = (email: string, message: string) => {
    signInForm.reset({ email, password: '' });
    dispatch(loginTabChanged('sign-in'));
    dispatch(loginNoticeChanged({ tone: 'info', text: message }));
  };

  return (
    <>
      <TabList tab={tab} tabId={tabId} panelId={panelId} onChange={(next) => dispatch(loginTabChanged(next))} />
      {notice ? (
        <InlineAlert tone={notice.tone} className="mt-4">
          {notice.text}
        </InlineAlert>
      ) : null}
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(tab)} className="mt-5">
        {tab === 'sign-in' ? (
          <SignInForm
            form={signInForm}
            onSignedIn={onSignedIn}
            onForgotPassword={(email) => dispatch(forgotPasswordOpened({ email }))}
          />
        ) : (
          <CreateAccountForm form={accountForm} onSignedIn={onSignedIn} onNeedsVerification={needsVerification} />
        )}
      </div>
    </>
  );
}

/** Two tabs with the WAI-ARIA tabs pattern: arrow keys, Home and End move between them. */
function TabList({
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
