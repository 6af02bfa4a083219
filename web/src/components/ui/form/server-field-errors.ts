import type { ErrorIssue } from '@medical-qr/contracts';
import { FORM_ERROR, type FieldErrors } from './form-errors';

/**
 * Places a refused request's issues (the gateway's `issues`: `{ path, message }` each) on the
 * form's fields they name (`fields`: the form's top-level names; a path like
 * `emergencyContacts.0.phone` lands on that row's field). The rest, or the message alone when the
 * answer has no issues, goes to {@link FORM_ERROR}.
 */
export function fieldErrorsFromIssues(
  { issues, message }: { issues?: readonly ErrorIssue[]; message: string },
  fields: ReadonlySet<string>,
): FieldErrors {
  if (!issues?.length) return { [FORM_ERROR]: message };
  const errors: FieldErrors = {};
  const general: string[] = [];
  for (const issue of issues) {
    if (fields.has(issue.path.split('.')[0]!)) errors[issue.path] ??= issue.message;
    else general.push(issue.message);
  }
  if (general.length > 0) errors[FORM_ERROR] = general.join(' ');
  return errors;
}
