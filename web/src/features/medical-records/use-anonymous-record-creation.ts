import { RecordsMessages, type AnonymousCreationResponse, type MedicalForm } from '@medical-qr/contracts';
import { useCallback } from 'react';
import { useAppDispatch } from '../../lib/hooks';
import { FORM_ERROR, type FieldErrors } from '../../components/ui/form';
import { notify } from '../../components/ui/notifications';
import { isApiError } from '../../lib/base-query';
import { addToStoredHistory } from '../../lib/storage';
import { useCreateAnonymousMedicalRecordMutation } from './records-api';
import { fieldErrorsFromServer } from './server-field-errors';

/** Someone with this email should sign in; `message` says why. */
export interface LoginRequest {
  email: string;
  message?: string;
}

/**
 * Creates a visitor's free trial code (POST /api/anonymous-medical-record), remembers it in this
 * browser's history, and answers the errors of SPEC section 8, "QR creation": an email whose code
 * expired is sent to sign in; one whose code is active gets a Login button; anything else is
 * "Failed to generate QR code".
 */
export function useAnonymousRecordCreation({
  onCreated,
  onLoginRequested,
}: {
  onCreated: (created: AnonymousCreationResponse) => void;
  onLoginRequested: (request: LoginRequest) => void;
}) {
  const dispatch = useAppDispatch();
  const [create] = useCreateAnonymousMedicalRecordMutation();

  return useCallback(
    async (form: MedicalForm): Promise<FieldErrors | null> => {
      try {
        const created = await create(form).unwrap();
        addToStoredHistory({
          id: created.token,
          token: created.token,
          cardUrl: created.cardUrl,
          createdAt: new Date().toISOString(),
          expiresAt: created.expiresAt,
        });
        dispatch(
          notify({
            type: 'success',
            title: 'Your QR code is ready',
            description: 'Save it, print it or share it now.',
          }),
        );
        onCreated(created);
        return null;
      } catch (failure) {
        const message = isApiError(failure) ? failure.message : '';

        if (message.includes('already has an expired QR code')) {
          dispatch(notify({ type: 'warning', title: 'QR Code Expired', description: message }));
          onLoginRequested({ email: form.email, message });
          return { email: message };
        }

        if (message.includes('already has an active QR code')) {
          dispatch(
            notify({
              type: 'info',
              title: 'Active QR Code Found',
              description: RecordsMessages.anonymousActiveExists,
              action: { label: 'Login', onClick: () => onLoginRequested({ email: form.email }) },
            }),
          );
          return { email: RecordsMessages.anonymousActiveExists };
        }

        dispatch(notify({ type: 'error', title: 'Failed to generate QR code', description: message || undefined }));
        if (isApiError(failure) && failure.status === 400) return fieldErrorsFromServer(message);
        return { [FORM_ERROR]: message ? `Failed to generate QR code. ${message}` : 'Failed to generate QR code.' };
      }
    },
    [create, dispatch, onCreated, onLoginRequested],
  );
}
