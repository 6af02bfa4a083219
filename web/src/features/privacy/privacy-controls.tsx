import type { ComponentType, ReactNode } from 'react';
import { useRef } from 'react';
import { QueryState } from '../../components/ui/query-state';
import { ConsentCard } from './consent-card';
import { DeleteDataCard } from './delete-data-card';
import { DeletionStatusCard } from './deletion-status-card';
import { ExportDataCard } from './export-data-card';
import { useGetPrivacyStatusQuery } from './privacy-api';
import { PrivacyActionsLogged } from './privacy-actions-logged';
import { ReauthRetryProvider, type ReauthDialogSlotProps } from './reauth-retry';

/**
 * The signed-in privacy screen (SPEC section 2, "Privacy controls"): the account's deletion status, the export,
 * consent, and deleting all data, one card each, then the note that every action is logged.
 */
export function PrivacyControls({
  reauthDialog,
  reauthenticatedUntil,
  onErased,
}: {
  reauthDialog: ComponentType<ReauthDialogSlotProps>;
  /** The signed-in user's: whether a change needs the person to confirm it's them first. */
  reauthenticatedUntil: string | null;
  /** After an immediate deletion, once the person has read that it is under way. */
  onErased: () => void;
}) {
  const status = useGetPrivacyStatusQuery();
  const statusHeading = useRef<HTMLHeadingElement>(null);

  return (
    <QueryState
      query={status}
      keepDataOnError
      loadingLabel="Loading your privacy controls…"
      error={{
        className: 'mt-8',
        title: "We couldn't load your privacy settings",
        message: 'Check your connection and try again.',
      }}
      errorFrame={(alert) => <PrivacyPage>{alert}</PrivacyPage>}
    >
      {(data) => (
        <PrivacyPage>
          <ReauthRetryProvider dialog={reauthDialog} reauthenticatedUntil={reauthenticatedUntil}>
            <div className="mt-8 flex flex-col gap-6">
              <DeletionStatusCard status={data} headingRef={statusHeading} />
              <ExportDataCard />
              <ConsentCard status={data} />
              <DeleteDataCard status={data} statusHeading={statusHeading} onErased={onErased} />
              <PrivacyActionsLogged />
            </div>
          </ReauthRetryProvider>
        </PrivacyPage>
      )}
    </QueryState>
  );
}

function PrivacyPage({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-5 py-8 sm:px-6 md:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        Privacy Controls
      </h1>
      <p className="mt-2 text-base text-slate-600 dark:text-slate-300">
        Decide who sees your medical information, or delete your data.
      </p>
      {children}
    </div>
  );
}
