import { CODE_LABEL_MAX_LENGTH, codeLabelSchema } from '@medical-qr/contracts';
import { Tag } from 'lucide-react';
import { z } from 'zod';
import { Button } from '../../components/ui/button';
import { DialogIconBadge, ModalDialog } from '../../components/ui/dialog';
import { Form, FormAlert, Input, SubmitButton, useAppForm, type FormFailure } from '../../components/ui/form';

/** A code's name is what tells several apart, so the dialog asks for one (the API also takes '' to remove it). */
const codeLabelFormSchema = z.strictObject({
  label: codeLabelSchema.min(1, 'Give the code a name, such as Me, Sam (child) or Bag tag'),
});

/**
 * Asks what a code is called: before premium's "Add another code" opens the form for it, and to rename one. `onSubmit`
 * answers what to show when refused, or nothing once done (the dialog is then closed by its owner).
 */
export function CodeLabelDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  pendingLabel,
  initialLabel = '',
  onSubmit,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  submitLabel: string;
  pendingLabel: string;
  initialLabel?: string;
  onSubmit: (label: string) => Promise<FormFailure | void> | FormFailure | void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      focusFirstInput
      onCloseAutoFocus={onCloseAutoFocus}
      icon={<DialogIconBadge icon={Tag} />}
      title={title}
      description={description}
    >
      {/* Mounted while open only, so each opening starts from the code's current name. */}
      {open ? (
        <LabelForm
          initialLabel={initialLabel}
          submitLabel={submitLabel}
          pendingLabel={pendingLabel}
          onSubmit={onSubmit}
          onCancel={() => onOpenChange(false)}
        />
      ) : null}
    </ModalDialog>
  );
}

function LabelForm({
  initialLabel,
  submitLabel,
  pendingLabel,
  onSubmit,
  onCancel,
}: {
  initialLabel: string;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (label: string) => Promise<FormFailure | void> | FormFailure | void;
  onCancel: () => void;
}) {
  const form = useAppForm(codeLabelFormSchema, { label: initialLabel });
  return (
    <Form form={form} onSubmit={({ label }) => onSubmit(label)} className="flex flex-col gap-5">
      <Input
        label="Name of the code"
        hint="Only you see it. Responders see the person's name and details."
        maxLength={CODE_LABEL_MAX_LENGTH}
        autoComplete="off"
        registration={form.register('label')}
      />
      <FormAlert />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} className="w-full sm:w-auto">
          Cancel
        </Button>
        <SubmitButton size="md" pendingLabel={pendingLabel} className="w-full sm:w-auto">
          {submitLabel}
        </SubmitButton>
      </div>
    </Form>
  );
}
