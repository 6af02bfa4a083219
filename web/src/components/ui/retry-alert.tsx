import { Button } from './button';
import { InlineAlert } from './inline-alert';

/** Data that could not be loaded: what, and a button to ask again ("Try again" unless the screen names it). */
export function RetryAlert({
  title,
  message,
  onRetry,
  retryLabel = 'Try again',
  className,
}: {
  title: string;
  message: string;
  onRetry: () => void;
  retryLabel?: string;
  className?: string;
}) {
  return (
    <InlineAlert
      tone="error"
      title={title}
      className={className}
      action={
        <Button variant="secondary" className="mt-3" onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    >
      {message}
    </InlineAlert>
  );
}
