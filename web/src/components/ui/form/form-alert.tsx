import type { ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import { InlineAlert } from '../inline-alert';
import { formMessage } from './form-errors';
import { useFormLayout } from './form-layout';

/**
 * The form's message, shown once: a refusal about the whole form, or in a summary form the
 * message its invalid fields point to. `action` may offer a way out for a kind of refusal.
 */
export function FormAlert({ action, className }: { action?: (kind: string) => ReactNode; className?: string }) {
  const { summary, alertId, pickMessage } = useFormLayout();
  const { errors } = useFormState();
  const message = formMessage(errors, pickMessage, summary);
  if (!message) return null;
  const kind = errors.root?.server?.type;
  return (
    <InlineAlert tone="error" id={alertId} className={className} action={kind ? action?.(String(kind)) : undefined}>
      {message}
    </InlineAlert>
  );
}
