import { Spinner } from './spinner';

/**
 * A whole screen waiting for its data or its code: the spinner and what is loading, centred below the header. It fills
 * the screen, so the footer is below the fold until the page arrives and does not jump (layout shift) when it does.
 */
export function ScreenLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p
      role="status"
      className="flex min-h-dvh items-center justify-center gap-3 px-5 text-base text-slate-600 dark:text-slate-300"
    >
      <Spinner />
      {label}
    </p>
  );
}
