import { CodeConfirmationMessages, type ConfirmCodeEmailResponse, LINK_TOKEN_PATTERN } from '@medical-qr/contracts';
import { LogIn, MailCheck, RotateCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { BackToHomeLink } from '../../components/ui/back-to-home-link';
import { OutcomeCard } from '../../components/ui/outcome-card';
import { Spinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/base-query';
import { formatDateTime } from '../../lib/format-date';
import { paths } from '../../lib/paths';
import { useConfirmCodeEmailMutation } from './records-api';

type Outcome =
  | { kind: 'confirming' }
  | { kind: 'confirmed'; expiresAt: string }
  | { kind: 'refused'; status: number | string; message: string };

/**
 * The /confirm-code-email/{token} screen: follows the link mailed with a free code, once, and says what it did. Only
 * a code whose email was confirmed joins the account of that email, so the screen says where the code will be.
 */
export function CodeEmailConfirmation({ token }: { token: string }) {
  const outcome = useConfirmation(token);
  if (outcome.kind === 'confirmed') return <Confirmed expiresAt={outcome.expiresAt} />;
  if (outcome.kind === 'refused') return <Refused status={outcome.status} message={outcome.message} />;
  return (
    <OutcomeCard icon={MailCheck} title="Confirming your email">
      <p role="status" className="flex items-center justify-center gap-2 text-base text-slate-600 dark:text-slate-300">
        <Spinner className="size-4" />
        One moment…
      </p>
    </OutcomeCard>
  );
}

/** Sends the link's token once (a link works once: a second send would say it was used), and follows the answer. */
function useConfirmation(token: string): Outcome {
  const [confirm] = useConfirmCodeEmailMutation();
  const sent = useRef<{ token: string; answer: Promise<ConfirmCodeEmailResponse> } | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'confirming' });

  const wellFormed = LINK_TOKEN_PATTERN.test(token);

  useEffect(() => {
    if (!wellFormed) return;
    if (sent.current?.token !== token) sent.current = { token, answer: confirm({ token }).unwrap() };
    let shown = true;
    sent.current.answer.then(
      ({ expiresAt }) => shown && setOutcome({ kind: 'confirmed', expiresAt }),
      (error: unknown) =>
        shown &&
        setOutcome(
          isApiError(error)
            ? { kind: 'refused', status: error.status, message: error.message }
            : { kind: 'refused', status: 'FETCH_ERROR', message: 'Your email could not be confirmed just now.' },
        ),
    );
    return () => {
      shown = false;
    };
  }, [confirm, token, wellFormed]);

  // A link cut short in the mail never reaches the server.
  return wellFormed ? outcome : { kind: 'refused', status: 404, message: CodeConfirmationMessages.invalid };
}

function Confirmed({ expiresAt }: { expiresAt: string }) {
  return (
    <OutcomeCard
      tone="success"
      title="Email confirmed"
      text="This code is now kept with your email. Sign in or create an account with this email and you will find it in your account, to edit and keep."
    >
      <p className="mb-6 text-sm text-slate-600 dark:text-slate-400">
        The code works until {formatDateTime(expiresAt)}.
      </p>
      <div className="flex flex-col gap-3">
        <Link to={paths.home.getHref({ login: true })} className={buttonClasses({ className: 'w-full' })}>
          <LogIn className="size-5" aria-hidden="true" />
          Sign in or create an account
        </Link>
        <BackToHomeLink />
      </div>
    </OutcomeCard>
  );
}

/** Unknown, used or expired link, an email that already has a confirmed code, or no answer: say which. */
function Refused({ status, message }: { status: number | string; message: string }) {
  const linkProblem = status === 400 || status === 404 || status === 410;
  const title =
    status === 409
      ? 'This email already has a code'
      : linkProblem
        ? 'This link cannot be used'
        : 'Your email is not confirmed yet';
  return (
    <OutcomeCard tone="error" title={title} text={message}>
      <div className="flex flex-col gap-3">
        {linkProblem || status === 409 ? null : (
          <Button size="lg" className="w-full" onClick={() => window.location.reload()}>
            <RotateCw className="size-5" aria-hidden="true" />
            Try again
          </Button>
        )}
        <BackToHomeLink />
      </div>
    </OutcomeCard>
  );
}
