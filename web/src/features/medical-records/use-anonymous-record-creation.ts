import { ErrorCodes, type AnonymousCreationResponse, type MedicalForm } from '@medical-qr/contracts';
import { useCallback } from 'react';
import { FORM_ERROR, type FieldErrors } from '../../components/ui/form';
import { isApiError } from '../../lib/base-query';
import { addToStoredHistory } from '../../lib/storage';
import type { QrLabel } from './qr-download-image';
import { useCreateAnonymousMedicalRecordMutation } from './records-api';
import { fieldErrorsFromServer } from './server-field-errors';

/** Someone with this email should sign in, or make an account with it (`tab`); `message` says why. */
export interface LoginRequest {
  email?: string;
  message?: string;
  tab?: 'sign-in' | 'create-account';
}

/** A code just created, with the name and blood group its lock-screen image prints, and the email it was made with. */
export interface CreatedCode extends AnonymousCreationResponse {
  label: QrLabel;
  email: string;
}

/**
 * Creates a visitor's free trial code (POST /api/anonymous-medical-record), remembers it in this
 * browser's history (with its image, so a reload shows it again), and answers the errors of SPEC
 * section 8, "QR creation", each in one place: an email whose code expired is sent to sign in; one
 * whose code is active, and anything else ("Failed to generate QR code"), is shown in the form.
 * `onEmailTaken` hears of an email that has an active code (null at each new try), to offer ways in.
 */
export function useAnonymousRecordCreation({
  onCreated,
  onLoginRequested,
  onEmailTaken,
}: {
  onCreated: (created: CreatedCode) => void;
  onLoginRequested: (request: LoginRequest) => void;
  onEmailTaken: (email: string | null) => void;
}) {
  const [create] = useCreateAnonymousMedicalRecordMutation();

  return useCallback(
    async (form: MedicalForm): Promise<FieldErrors | null> => {
      onEmailTaken(null);
      try {
        const created = await create(form).unwrap();
        const label = { name: `${form.firstName} ${form.lastName}`.trim(), bloodGroup: form.bloodGroup };
        addToStoredHistory({
          id: created.token,
          token: created.token,
          cardUrl: created.cardUrl,
          qrCodeData: created.qrCodeData,
          createdAt: new Date().toISOString(),
          expiresAt: created.expiresAt,
          label,
          ...(created.reference ? { reference: created.reference } : {}),
        });
        // The page shows the code and moves focus to it: that is the confirmation, no toast repeats it.
        onCreated({ ...created, label, email: form.email });
        return null;
      } catch (failure) {
        return creationFailure(failure, form.email, { onLoginRequested, onEmailTaken });
      }
    },
    [create, onCreated, onLoginRequested, onEmailTaken],
  );
}

/** Where each refusal is said, once: the login dialog for an expired code, the form for the rest. */
function creationFailure(
  failure: unknown,
  email: string,
  {
    onLoginRequested,
    onEmailTaken,
  }: { onLoginRequested: (request: LoginRequest) => void; onEmailTaken: (email: string) => void },
): FieldErrors {
  const error = isApiError(failure) ? failure : undefined;
  const message = error?.message ?? '';
  if (error?.code === ErrorCodes.ANONYMOUS_CODE_EXPIRED) {
    onLoginRequested({ email, message });
    return { email: message };
  }
  if (error?.code === ErrorCodes.ANONYMOUS_CODE_ACTIVE) {
    onEmailTaken(email);
    return { email: message };
  }
  if (error?.status === 400) return fieldErrorsFromServer(error);
  return { [FORM_ERROR]: message ? `Failed to generate QR code. ${message}` : 'Failed to generate QR code.' };
}
