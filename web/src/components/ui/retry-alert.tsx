import { Button } from './button';
import { InlineAlert } from './inline-alert';

/** Data that could not be loaded: what, and Try again. */
export function RetryAlert({
  title,
  message,
  onRetry,
  className,
}: {
  title: string;
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <InlineAlert
      tone="error"
      title={title}
      className={className}
      action={
        <Button variant="secondary" className="mt-3" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {message}
    </InlineAlert>
  );
}
