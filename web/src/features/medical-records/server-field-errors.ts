import { RecordsMessages } from '@medical-qr/contracts';
import { fieldErrorsFromMessage, type FieldErrors } from '../../components/ui/form';
import { emptyMedicalForm } from './medical-form-values';

const FORM_FIELDS: ReadonlySet<string> = new Set(Object.keys(emptyMedicalForm()));

/**
 * Places a 400 message from the gateway on the medical form's fields it names; the rest goes to
 * the whole form. An email whose domain cannot receive mail always lands on the email field
 * (SPEC section 5), and the consent message on the consent box.
 */
export function fieldErrorsFromServer(message: string): FieldErrors {
  return fieldErrorsFromMessage(message, {
    fields: FORM_FIELDS,
    claim: (text) => {
      if (text.includes('not a valid domain')) return 'email';
      if (text === RecordsMessages.consentRequired) return 'hasGivenConsent';
      return undefined;
    },
  });
}
