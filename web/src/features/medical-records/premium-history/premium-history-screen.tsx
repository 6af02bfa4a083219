import { HISTORY_PAGE_SIZE } from '@medical-qr/contracts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { Spinner } from '../../../components/ui/spinner';
import { SearchForm } from '../../../components/ui/search-form';
import { cn } from '../../../lib/cn';
import { EmptyHistory } from '../history/history-screen';
import { useGetPremiumHistoryQuery } from '../records-api';
import { pageWindow } from './page-window';
import { PremiumHistoryCard } from './premium-history-card';

/** Typing settles this long before the search is sent. */
const SEARCH_PAUSE_MS = 300;

/**
 * /premium/history for a premium user (SPEC section 2): search by blood type, allergies or conditions, a 3-column
 * grid (1 on phones) with Share and Download per code, and Previous/Next with up to 5 page buttons. Page and search
 * live in the address, so Back and a reload keep them. `onNotPremium` is called when the server says premium ended.
 */
export function PremiumHistoryScreen({ onNotPremium }: { onNotPremium: () => void }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const search = params.get('search') ?? '';
  // The cards stay while the next page or search loads; the count speaks only of what is asked now.
  const { data, currentData, isFetching, isError, error, refetch } = useGetPremiumHistoryQuery({ page, search });
  const notPremium = isError && (error as { status?: number } | undefined)?.status === 403;

  useEffect(() => {
    if (notPremium) onNotPremium();
  }, [notPremium, onNotPremium]);

  const goToPage = (next: number) => setParams(queryOf(search, next));
  // A new search starts at its first page.
  const searchFor = useCallback((value: string) => setParams(queryOf(value, 1)), [setParams]);
  const totalPages = data ? Math.ceil(data.total / HISTORY_PAGE_SIZE) : 0;

  return (
    <div className="mx-auto max-w-6xl px-5 py-8 sm:px-6 md:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        Premium QR History
      </h1>
      <p className="mt-2 text-base text-slate-600 dark:text-slate-300">Every code you have made, newest first.</p>
      <SearchBox value={search} onSearch={searchFor} />
      <ResultsLine total={currentData?.total} search={search} busy={isFetching} />
      {isError && !notPremium ? (
        <RetryAlert
          title="History unavailable"
          message="Your premium history could not be loaded."
          className="mt-6"
          onRetry={() => void refetch()}
        />
      ) : null}
      {data && data.records.length > 0 ? (
        <ul className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {data.records.map((record) => (
            <li key={record.id}>
              <PremiumHistoryCard record={record} />
            </li>
          ))}
        </ul>
      ) : null}
      {data && data.total === 0 && !search ? <EmptyHistory /> : null}
      {totalPages > 1 ? <Pagination page={page} totalPages={totalPages} onPage={goToPage} /> : null}
    </div>
  );
}

function queryOf(search: string, page: number): URLSearchParams {
  const query = new URLSearchParams();
  if (search) query.set('search', search);
  if (page > 1) query.set('page', String(page));
  return query;
}

function SearchBox({ value, onSearch }: { value: string; onSearch: (value: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <SearchForm
      label="Search by blood type, allergies or conditions"
      value={text}
      maxLength={100}
      onChange={(event) => setText(event.target.value)}
      onSubmit={() => onSearch(text.trim())}
      placeholder="e.g. O+, penicillin, asthma"
      className="mt-6 max-w-xl"
    />
  );
}

function ResultsLine({ total, search, busy }: { total: number | undefined; search: string; busy: boolean }) {
  let text = 'Loading your codes…';
  if (total !== undefined) {
    const codes = `${total} ${total === 1 ? 'code' : 'codes'}`;
    // With no search, an empty history says so below, with the way to a first code.
    const match = total === 1 ? 'matches' : 'match';
    text = search ? (total === 0 ? `No codes match "${search}".` : `${codes} ${match} "${search}".`) : codes;
  }
  return (
    <p role="status" className="mt-4 flex min-h-6 items-center gap-2 text-[15px] text-slate-600 dark:text-slate-300">
      {busy ? <Spinner className="size-4" /> : null}
      {text}
    </p>
  );
}

function Pagination({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  return (
    <nav aria-label="Pages" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)} className="whitespace-nowrap">
        <ChevronLeft className="size-5" aria-hidden="true" />
        Previous
      </Button>
      {pageWindow(page, totalPages).map((number) => (
        <Button
          key={number}
          variant={number === page ? 'primary' : 'ghost'}
          aria-current={number === page ? 'page' : undefined}
          aria-label={`Page ${number}`}
          onClick={() => onPage(number)}
          className={cn('min-w-11 px-3')}
        >
          {number}
        </Button>
      ))}
      <Button
        variant="secondary"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
        className="whitespace-nowrap"
      >
        Next
        <ChevronRight className="size-5" aria-hidden="true" />
      </Button>
    </nav>
  );
}
