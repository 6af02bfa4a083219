import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { InlineAlert } from '../../components/ui/inline-alert';
import type { MedicalFormValues } from './medical-form-values';
import { forgetUnsavedRecord } from './unsaved-record';

/** The form holds changes kept from before a session ended: say so, and let the person drop them. */
export function KeptDraftNotice({ savedValues }: { savedValues: MedicalFormValues }) {
  const { reset, formState } = useFormContext<MedicalFormValues>();
  const [discarded, setDiscarded] = useState(false);
  if (discarded || formState.isSubmitSuccessful) return null;
  const discard = () => {
    forgetUnsavedRecord();
    reset(savedValues);
    setDiscarded(true);
  };
  return (
    <InlineAlert
      tone="info"
      title="Your unsaved changes are back"
      action={
        <Button variant="secondary" onClick={discard}>
          Discard them
        </Button>
      }
    >
      Your session ended before they were saved. Check them and press Save to keep them.
    </InlineAlert>
  );
}
