import type { MedicalForm } from '@medical-qr/contracts';
import { useCallback } from 'react';
import { FORM_ERROR, type FieldErrors } from '../../components/ui/form';
import { notify } from '../../components/ui/notifications';
import { isApiError, type ApiError } from '../../lib/base-query';
import { useAppDispatch } from '../../lib/hooks';
import { useUpdateMedicalRecordMutation } from './records-api';
import { fieldErrorsFromServer } from './server-field-errors';
import { useSessionEnded } from './use-session-ended';

/**
 * Saves the dashboard's edits to the active record in place (PUT /api/medical-records/{id}): the
 * code, its expiry and every printed copy keep working. Each failure is told once: under the fields
 * (400) or in the form's alert, a toast only when the screen changes under it (signed out, or the
 * code replaced or expired meanwhile, after which the dashboard shows what is current).
 */
export function useRecordUpdate(recordId: string | undefined) {
  const dispatch = useAppDispatch();
  const sessionEnded = useSessionEnded();
  const [update] = useUpdateMedicalRecordMutation();

  return useCallback(
    async (form: MedicalForm): Promise<FieldErrors | null> => {
      if (!recordId) return { [FORM_ERROR]: 'There is no active code to save to. Reload the page.' };
      try {
        await update({ id: recordId, form }).unwrap();
        dispatch(
          notify({
            type: 'success',
            title: 'Changes saved',
            description: 'Your card shows them now. Your QR code and its printed copies keep working.',
          }),
        );
        return null;
      } catch (failure) {
        const error = isApiError(failure) ? failure : undefined;
        if (error?.status === 401) {
          sessionEnded();
          return null;
        }
        return refusal(error, (message) =>
          dispatch(notify({ type: 'error', title: 'Changes not saved', description: message })),
        );
      }
    },
    [dispatch, sessionEnded, recordId, update],
  );
}

/** Where a refused save is told: the fields, the form's alert, or a toast when the record moved on. */
function refusal(error: ApiError | undefined, toast: (message: string) => void): FieldErrors | null {
  const message = error?.message ?? '';
  if (error?.status === 400) return fieldErrorsFromServer(message);
  if (error?.status === 409 || error?.status === 410) {
    toast(message);
    return null;
  }
  return {
    [FORM_ERROR]: message
      ? `Your changes were not saved. ${message}`
      : 'Your changes were not saved. Please try again.',
  };
}
