import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../components/ui/query-state';
import { ScreenLoading } from '../../components/ui/screen-loading';
import { useAuth } from '../../features/auth';
import { FamilyAlertsPanel, useFamilyAlertsAnswered } from '../../features/family-alerts';
import {
  entryOfRecord,
  entryOfRemembered,
  HistoryScreen,
  useListMedicalRecordsInfiniteQuery,
} from '../../features/medical-records';
import { useDocumentTitle } from '../../lib/document-title';
import { clearStoredHistory, readRememberedCodes } from '../../lib/storage';
import { SignInRequired } from './sign-in-required';

/**
 * /history (SPEC section 2, "History"): a signed-in user's codes from the server; a visitor's from this browser, with
 * Clear History; Access Denied for a visitor with neither. `?expand=active` opens the active code.
 */
export function HistoryRoute() {
  useDocumentTitle('QR Code History');
  const { isAuthenticated, isLoading } = useAuth();
  const [params] = useSearchParams();
  const expandActive = params.get('expand') === 'active';

  if (isLoading) return <ScreenLoading label="Loading your history…" />;
  return isAuthenticated ? (
    <AccountHistory expandActive={expandActive} />
  ) : (
    <BrowserHistory expandActive={expandActive} />
  );
}

/**
 * The account's codes, a page at a time: "Show more" fetches the next while there is one. Above them, the alerts sent
 * from the owner's cards: both are asked at once and the screen waits for both, so the alerts never push the codes
 * down after they appear.
 */
function AccountHistory({ expandActive }: { expandActive: boolean }) {
  const query = useListMedicalRecordsInfiniteQuery();
  const alertsAnswered = useFamilyAlertsAnswered();
  const { hasNextPage, fetchNextPage, isFetchingNextPage } = query;
  if (!alertsAnswered) return <ScreenLoading label="Loading your history…" />;
  return (
    <QueryState
      query={query}
      loadingLabel="Loading your history…"
      error={{ title: 'History unavailable', message: 'Your QR codes could not be loaded.' }}
      errorFrame={(alert) => <div className="mx-auto max-w-3xl px-5 py-10 sm:px-6">{alert}</div>}
    >
      {(data) => {
        // A code made while pages were open shifts the later pages by one: show each code once.
        const records = data.pages
          .flatMap((page) => page.records)
          .filter((record, index, all) => all.findIndex((other) => other.id === record.id) === index);
        return (
          <HistoryScreen
            entries={records.map(entryOfRecord)}
            total={data.pages.at(-1)?.total ?? records.length}
            signedIn
            expandActive={expandActive}
            onShowMore={hasNextPage ? () => void fetchNextPage() : undefined}
            loadingMore={isFetchingNextPage}
            aboveCodes={<FamilyAlertsPanel className="mt-8" />}
          />
        );
      }}
    </QueryState>
  );
}

function BrowserHistory({ expandActive }: { expandActive: boolean }) {
  const [codes, setCodes] = useState(readRememberedCodes);
  const [cleared, setCleared] = useState(false);
  if (codes.length === 0 && !cleared) {
    return (
      <SignInRequired
        title="Access Denied"
        message="Sign in, or create a QR code in this browser, to see your QR code history."
      />
    );
  }
  const clear = () => {
    clearStoredHistory();
    setCodes([]);
    setCleared(true);
  };
  return (
    <HistoryScreen
      entries={codes.map((code) => entryOfRemembered(code))}
      signedIn={false}
      expandActive={expandActive}
      onClear={clear}
    />
  );
}
