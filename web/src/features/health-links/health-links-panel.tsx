import type { CreatedHealthLink, HealthLinkSummary } from '@medical-qr/contracts';
import { Ban } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { InlineAlert } from '../../components/ui/inline-alert';
import { panel } from '../../components/ui/panel';
import { RetryAlert } from '../../components/ui/retry-alert';
import { isApiError } from '../../lib/base-query';
import { useMinuteClock } from '../../lib/use-minute-clock';
import { CreateHealthLinkForm } from './create-health-link-form';
import { CreatedHealthLinkCard } from './created-health-link';
import { HealthLinkCard } from './health-link-card';
import { useListHealthLinksQuery, useRevokeHealthLinkMutation } from './health-links-api';

/**
 * "Share with a hospital" on My Account (step 18): SMART Health Links to the owner's medical summary. The owner makes a
 * link (its QR and address shown once), sees each link's state and who opened it, and revokes one.
 */
export function HealthLinksPanel({ className }: { className?: string }) {
  const headingId = useId();
  const [created, setCreated] = useState<{ link: CreatedHealthLink; label: string } | null>(null);
  const revoke = useRevokeFlow();
  return (
    <section aria-labelledby={headingId} className={panel(className)}>
      <h2 id={headingId} className="text-xl font-bold text-slate-900 dark:text-white">
        Share with a hospital
      </h2>
      <p className="mt-1 text-base text-slate-600 dark:text-slate-300">
        Let a hospital, or any SMART Health Link reader, read your medical summary for as long as you choose. Revoke the
        link at any time.
      </p>
      {created ? (
        <CreatedHealthLinkCard link={created.link} label={created.label} onDone={() => setCreated(null)} />
      ) : (
        <CreateHealthLinkForm onCreated={(link, label) => setCreated({ link, label })} />
      )}
      <HealthLinkList onRevoke={revoke.ask} />
      <ConfirmDialog
        open={revoke.target !== null}
        onOpenChange={(open) => (open ? undefined : revoke.cancel())}
        onCloseAutoFocus={revoke.onCloseAutoFocus}
        title={`Revoke “${revoke.target?.label ?? ''}”?`}
        description="Whoever holds this link or its QR code can no longer open your summary. This cannot be undone."
        cancelLabel="Keep the link"
        confirmLabel="Revoke link"
        pendingLabel="Revoking…"
        confirmIcon={Ban}
        pending={revoke.pending}
        onConfirm={() => void revoke.confirm()}
      >
        {revoke.error ? (
          <InlineAlert tone="error" className="mb-4">
            {revoke.error}
          </InlineAlert>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}

/** The owner's links, newest first; nothing while there is none. */
function HealthLinkList({ onRevoke }: { onRevoke: (link: HealthLinkSummary) => void }) {
  const listId = useId();
  const { data, isError, refetch } = useListHealthLinksQuery();
  const now = useMinuteClock();
  if (!data) {
    return isError ? (
      <RetryAlert
        className="mt-6"
        title="Your links are unavailable"
        message="Your health links could not be loaded."
        onRetry={() => void refetch()}
      />
    ) : null;
  }
  if (data.links.length === 0) return null;
  return (
    <div className="mt-8 border-t border-slate-200 pt-6 dark:border-slate-800">
      <h3 id={listId} className="text-lg font-bold text-slate-900 dark:text-white">
        Your health links
      </h3>
      <ol aria-labelledby={listId} className="mt-3 flex flex-col gap-4">
        {data.links.map((link) => (
          <li key={link.id}>
            <HealthLinkCard link={link} now={now} onRevoke={onRevoke} />
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * Asking before a revoke, and where focus goes after: back to the Revoke button when kept, to the link's name once
 * revoked (its button is gone then).
 */
function useRevokeFlow() {
  const [target, setTarget] = useState<HealthLinkSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [revokeLink, { isLoading: pending }] = useRevokeHealthLinkMutation();
  const opener = useRef<HTMLElement | null>(null);
  const revokedId = useRef<string | null>(null);

  const ask = (link: HealthLinkSummary) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    revokedId.current = null;
    setError(null);
    setTarget(link);
  };
  const confirm = async () => {
    if (!target) return;
    try {
      await revokeLink(target.id).unwrap();
      revokedId.current = target.id;
      setTarget(null);
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : 'The link could not be revoked. Please try again.');
    }
  };
  const onCloseAutoFocus = (event: Event) => {
    event.preventDefault();
    const heading = revokedId.current
      ? document.querySelector<HTMLElement>(`[data-link-heading="${revokedId.current}"]`)
      : null;
    (heading ?? (opener.current?.isConnected ? opener.current : null))?.focus();
  };
  return { target, error, pending, ask, cancel: () => setTarget(null), confirm, onCloseAutoFocus };
}
