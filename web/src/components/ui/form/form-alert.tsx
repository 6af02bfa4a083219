import type { ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import { InlineAlert } from '../inline-alert';
import { formMessage, formTitle } from './form-errors';
import { useFormLayout } from './form-layout';

/** Under a refusal's title when each message already sits under its own field. */
export const SEE_FIELDS = 'Please check the fields marked above.';

/**
 * The form's message, shown once: a refusal about the whole form, or in a summary form the
 * message its invalid fields point to, under the refusal's title when it has one. `action` may
 * offer a way out for a kind of refusal.
 */
export function FormAlert({ action, className }: { action?: (kind: string) => ReactNode; className?: string }) {
  const { summary, alertId, pickMessage } = useFormLayout();
  const { errors } = useFormState();
  const title = formTitle(errors);
  const message = formMessage(errors, pickMessage, summary) ?? (title ? SEE_FIELDS : undefined);
  if (!message) return null;
  const kind = errors.root?.server?.type;
  return (
    <InlineAlert
      tone="error"
      id={alertId}
      title={title}
      className={className}
      action={kind ? action?.(String(kind)) : undefined}
    >
      {message}
    </InlineAlert>
  );
}
