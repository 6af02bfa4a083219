import { ErrorCodes, RecordsMessages, type MedicalForm, type MedicalRecord } from '@medical-qr/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../lib/hooks';
import { FORM_ERROR, type FieldErrors } from '../../components/ui/form';
import { notify } from '../../components/ui/notifications';
import { isApiError } from '../../lib/base-query';
import { paths } from '../../lib/paths';
import { useCreateMedicalRecordMutation } from './records-api';
import { useSessionRenewal } from '../../lib/session-renewal';
import { fieldErrorsFromServer } from './server-field-errors';
import { forgetUnsavedRecord, keepUnsavedRecord } from './unsaved-record';
import { STILL_SIGNED_OUT } from './use-record-update';

/** How long the upgrade message stays before the pricing page opens (SPEC section 8). */
export const UPGRADE_REDIRECT_DELAY_MS = 2000;

/**
 * Creates a signed-in user's code (POST /api/medical-records) and answers the errors of SPEC
 * section 8, "QR creation": signed out, the form is kept and a sign-in asked for over the page, then the code is
 * created (the spec's /demo-privacy detour lost the form); an expired free code, an upgrade message and /pricing 2 s
 * later; anything else, "Failed to create medical record".
 */
export function useRecordCreation({
  replacesCode,
  onCreated,
  addAnother,
}: {
  /** A free user's new code replaces the active one ("Replace my code"); the success message says so. */
  replacesCode: boolean;
  onCreated?: (record: MedicalRecord) => void;
  /** Premium's "Add another code": the new code, with this label, joins the active ones. */
  addAnother?: { label: string };
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { user, signInAgain } = useSessionRenewal();
  const [create] = useCreateMedicalRecordMutation();
  const upgradeTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(upgradeTimer.current), []);

  return useCallback(
    async function attempt(form: MedicalForm, signedInAgain = false): Promise<FieldErrors | null> {
      try {
        const record = await create(
          addAnother ? { ...form, label: addAnother.label, addAnother: true } : form,
        ).unwrap();
        forgetUnsavedRecord();
        dispatch(
          notify({
            type: 'success',
            title: 'Medical record saved',
            description: replacesCode
              ? 'Your new QR code is ready. The old code and its printed copies no longer work.'
              : 'Your QR code is ready.',
          }),
        );
        onCreated?.(record);
        return null;
      } catch (failure) {
        const error = isApiError(failure) ? failure : undefined;

        if (error?.status === 401) {
          if (user) keepUnsavedRecord(user.id, { recordId: null, form });
          if (signedInAgain) return { [FORM_ERROR]: STILL_SIGNED_OUT };
          await signInAgain(user?.email);
          return attempt(form, true);
        }

        if (error?.code === ErrorCodes.QR_EXPIRED || error?.status === 402) {
          dispatch(
            notify({
              type: 'warning',
              title: 'Upgrade to Premium',
              description: error.message || RecordsMessages.userCodeExpired,
            }),
          );
          window.clearTimeout(upgradeTimer.current);
          upgradeTimer.current = window.setTimeout(() => navigate(paths.pricing.getHref()), UPGRADE_REDIRECT_DELAY_MS);
          return null;
        }

        // Said once, in the form: under the fields (400) or in its alert.
        const message = error?.message ?? '';
        if (error?.status === 400) return fieldErrorsFromServer(error);
        return {
          [FORM_ERROR]: message ? `Failed to create medical record. ${message}` : 'Failed to create medical record.',
        };
      }
    },
    [addAnother, create, dispatch, navigate, onCreated, replacesCode, signInAgain, user],
  );
}
