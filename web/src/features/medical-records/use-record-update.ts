import { ErrorCodes, type MedicalForm, type MedicalRecord } from '@medical-qr/contracts';
import { useCallback, useRef, useState } from 'react';
import { FORM_ERROR, type FieldErrors } from '../../components/ui/form';
import { notify } from '../../components/ui/notifications';
import { isApiError, type ApiError } from '../../lib/base-query';
import { useAppDispatch } from '../../lib/hooks';
import { useSessionRenewal } from '../../lib/session-renewal';
import { useUpdateMedicalRecordMutation } from './records-api';
import { fieldErrorsFromServer } from './server-field-errors';
import { forgetUnsavedRecord, keepUnsavedRecord } from './unsaved-record';

/** Two saves of one record crossed: the person's form, and the record as another tab or device saved it. */
export interface EditConflict {
  mine: MedicalForm;
  saved: MedicalRecord;
}

export const STILL_SIGNED_OUT =
  'Your changes are not saved: you are signed out. Save again to sign in; they stay in this tab until then.';

/**
 * Saves the dashboard's edits to the active record in place (PUT /api/medical-records/{id}): the code, its expiry and
 * every printed copy keep working. Each save names the version the form was filled from, so a save over another
 * tab's newer one is refused and shown as an {@link EditConflict} for the person to settle. A session that ended
 * keeps the form (here and, in case of a page load, in session storage) and asks for a sign-in over the page, then
 * saves. Each other failure is told once: under the fields (400) or in the form's alert, a toast only when the screen
 * changes under it (the code replaced or expired meanwhile, after which the dashboard shows what is current).
 */
export function useRecordUpdate(record: MedicalRecord | null) {
  const dispatch = useAppDispatch();
  const { user, signInAgain } = useSessionRenewal();
  const [update] = useUpdateMedicalRecordMutation();
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  // The version the form's values came from: the record's when it was opened, then each save's or chosen one's.
  const base = useRef({ id: record?.id, version: record?.version });
  if (base.current.id !== record?.id) base.current = { id: record?.id, version: record?.version };

  const save = useCallback(
    async (form: MedicalForm, signedInAgain = false): Promise<FieldErrors | null> => {
      const { id, version } = base.current;
      if (!id || version === undefined) return { [FORM_ERROR]: 'There is no active code to save to. Reload the page.' };
      try {
        const saved = await update({ id, form, version }).unwrap();
        base.current = { id, version: saved.version };
        setConflict(null);
        forgetUnsavedRecord();
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
          if (user) keepUnsavedRecord(user.id, { recordId: id, form });
          if (signedInAgain) return { [FORM_ERROR]: STILL_SIGNED_OUT };
          await signInAgain(user?.email);
          return save(form, true);
        }
        const saved = editConflictCurrent(error);
        if (saved) {
          setConflict({ mine: form, saved });
          return {};
        }
        return refusal(error, (message) =>
          dispatch(notify({ type: 'error', title: 'Changes not saved', description: message })),
        );
      }
    },
    [dispatch, signInAgain, update, user],
  );

  /** The person keeps their form: the next save goes over the newer version (the panel's submit button sends it). */
  const keepMine = useCallback(() => {
    if (conflict) base.current = { id: conflict.saved.id, version: conflict.saved.version };
  }, [conflict]);

  /** The person takes the saved version: the form shows it (the panel resets the fields) and edits go on from it. */
  const takeSaved = useCallback(() => {
    if (conflict) base.current = { id: conflict.saved.id, version: conflict.saved.version };
    setConflict(null);
  }, [conflict]);

  return { save, conflict, keepMine, takeSaved };
}

/** The record as it is saved now (our gateway's `current`), when a save was refused for being made from an older version. */
function editConflictCurrent(error: ApiError | undefined): MedicalRecord | null {
  if (error?.code !== ErrorCodes.EDIT_CONFLICT) return null;
  const current = error.body?.current as MedicalRecord | undefined;
  return typeof current?.id === 'string' && typeof current.version === 'number' ? current : null;
}

/** Where a refused save is told: the fields, the form's alert, or a toast when the record moved on. */
function refusal(error: ApiError | undefined, toast: (message: string) => void): FieldErrors | null {
  const message = error?.message ?? '';
  if (error?.status === 400) return fieldErrorsFromServer(error);
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
