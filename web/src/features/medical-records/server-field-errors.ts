import { RecordsMessages } from '@medical-qr/contracts';
import { FORM_ERROR, type FieldErrors } from './medical-form-values';

const FORM_FIELDS = new Set([
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'gender',
  'bloodGroup',
  'allergies',
  'medicalConditions',
  'organDonor',
  'emergencyContacts',
  'hasGivenConsent',
]);

// The gateway joins issues with "; " and prefixes each with its field path ("email: ...",
// "emergencyContacts.0.phone: ..."); a message may itself contain "; ", so split only where a
// new field path, a standalone "Please ..." instruction or the "Unknown field(s): ..." note begins.
const ISSUE_BOUNDARY = /;\s+(?=[A-Za-z]\w*(?:\.\w+)*:\s|Please\s|Unknown fields?:\s)/;
const FIELD_PREFIX = /^([A-Za-z]\w*(?:\.\w+)*):\s+([\s\S]+)$/;

/**
 * Places a 400 message from the gateway on the fields it names; the rest goes to {@link FORM_ERROR}.
 * An email whose domain cannot receive mail always lands on the email field (SPEC section 5).
 */
export function fieldErrorsFromServer(message: string): FieldErrors {
  const errors: FieldErrors = {};
  const general: string[] = [];
  for (const issue of message.split(ISSUE_BOUNDARY)) {
    const match = FIELD_PREFIX.exec(issue.trim());
    const field = match?.[1];
    const text = match?.[2] ?? issue.trim();
    if (text.includes('not a valid domain')) errors.email ??= text;
    else if (field && FORM_FIELDS.has(field.split('.')[0]!)) errors[field] ??= text;
    else if (text === RecordsMessages.consentRequired) errors.hasGivenConsent ??= text;
    else general.push(text);
  }
  if (general.length > 0) errors[FORM_ERROR] = general.join(' ');
  return errors;
}
