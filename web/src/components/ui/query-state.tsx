import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { RetryAlert } from './retry-alert';
import { ScreenLoading } from './screen-loading';

/** What a query hook returns that decides the state (an RTK Query result fits as is). */
export interface QueryStatus<T> {
  data?: T;
  isLoading: boolean;
  isError?: boolean;
  refetch: () => unknown;
}

/** The alert for data that could not be loaded; Retry asks again. */
export interface RetryText {
  title: string;
  message: string;
  /** "Try again" unless the screen names it. */
  retryLabel?: string;
  className?: string;
}

export interface QueryStateProps<T> {
  query: QueryStatus<T>;
  /** While the first load runs: the whole-screen spinner with this label ("Loading…" by default)… */
  loadingLabel?: string;
  /** …or this instead (a spinner line inside a card). */
  loading?: ReactNode;
  /** When there is nothing to show: the alert's text, with Retry calling `refetch`, or an element of its own. */
  error: RetryText | ReactElement;
  /** What surrounds the alert: a centred column, or the page under its heading (the content brings its own). */
  errorFrame?: (alert: ReactElement) => ReactNode;
  /** Data already on screen stays when a refetch fails (a form may hold unsaved changes): the error shows only without. */
  keepDataOnError?: boolean;
  /** The data holds nothing to list: `empty` is shown instead of the content. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/** One query's screen: loading, then the error with a way to retry, the empty state or the content. */
export function QueryState<T>({
  query,
  loadingLabel,
  loading,
  error,
  errorFrame = (alert) => alert,
  keepDataOnError = false,
  isEmpty,
  empty,
  children,
}: QueryStateProps<T>) {
  const { data, isLoading, isError = false, refetch } = query;
  if (isLoading) return <>{loading ?? <ScreenLoading label={loadingLabel} />}</>;
  if (data === undefined || (isError && !keepDataOnError)) {
    if (isValidElement(error)) return error;
    return <>{errorFrame(<RetryAlert {...error} onRetry={() => void refetch()} />)}</>;
  }
  if (isEmpty?.(data)) return <>{empty}</>;
  return <>{children(data)}</>;
}
