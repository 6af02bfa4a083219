import { fieldErrorsFromIssues, type FieldErrors } from '../../components/ui/form';
import type { ApiError } from '../../lib/base-query';
import { emptyMedicalForm } from './medical-form-values';

const FORM_FIELDS: ReadonlySet<string> = new Set(Object.keys(emptyMedicalForm()));

/** Places a 400 from the gateway on the medical form's fields its issues name; the rest goes to the whole form. */
export function fieldErrorsFromServer(error: ApiError): FieldErrors {
  return fieldErrorsFromIssues(error, FORM_FIELDS);
}
