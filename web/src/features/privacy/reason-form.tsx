import { revokeConsentBodySchema } from '@medical-qr/contracts';
import type { LucideIcon } from 'lucide-react';
import type { Ref } from 'react';
import { buttonClasses } from '../../components/ui/button';
import { Form, Textarea, useAppForm } from '../../components/ui/form';

/** The reason's limit, as the server checks it (privacyReasonSchema). */
const REASON_MAX_LENGTH = 500;

/**
 * An optional reason and the button that asks to go ahead (SPEC section 5: revoke and delete reasons are optional).
 * Submitting only hands the reason on: the card asks for confirmation before anything is sent.
 */
export function ReasonForm({
  label,
  submitLabel,
  icon: Icon,
  buttonRef,
  onSubmit,
}: {
  label: string;
  submitLabel: string;
  icon: LucideIcon;
  /** The button, for focus to come back to when the confirmation closes. */
  buttonRef: Ref<HTMLButtonElement>;
  onSubmit: (reason: string) => void;
}) {
  // The revoke and delete bodies are the same shape: a reason only.
  const form = useAppForm(revokeConsentBodySchema, { reason: '' });
  return (
    <Form form={form} onSubmit={({ reason }) => onSubmit(reason)} className="flex flex-col gap-4">
      <Textarea
        label={label}
        labelExtra="(optional)"
        limit={REASON_MAX_LENGTH}
        registration={form.register('reason')}
      />
      <button
        ref={buttonRef}
        type="submit"
        className={buttonClasses({
          variant: 'secondary',
          size: 'lg',
          className: 'w-full whitespace-nowrap sm:w-auto sm:self-start',
        })}
      >
        <Icon className="size-5" aria-hidden="true" />
        {submitLabel}
      </button>
    </Form>
  );
}
