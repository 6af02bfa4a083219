import { FORM_ERROR, type FieldErrors } from './form-errors';

// The gateway joins issues with "; " and prefixes each with its field path ("email: ...",
// "emergencyContacts.0.phone: ..."); a message may itself contain "; ", so split only where a
// new field path, a standalone "Please ..." instruction or the "Unknown field(s): ..." note begins.
const ISSUE_BOUNDARY = /;\s+(?=[A-Za-z]\w*(?:\.\w+)*:\s|Please\s|Unknown fields?:\s)/;
const FIELD_PREFIX = /^([A-Za-z]\w*(?:\.\w+)*):\s+([\s\S]+)$/;

/**
 * Places a gateway 400 message on the form's fields it names (`fields`: the form's top-level
 * names); `claim` may put a message on a field by its text, whatever its prefix. The rest goes,
 * joined, to {@link FORM_ERROR}.
 */
export function fieldErrorsFromMessage(
  message: string,
  { fields, claim = () => undefined }: { fields: ReadonlySet<string>; claim?: (text: string) => string | undefined },
): FieldErrors {
  const errors: FieldErrors = {};
  const general: string[] = [];
  for (const issue of message.split(ISSUE_BOUNDARY)) {
    const match = FIELD_PREFIX.exec(issue.trim());
    const text = match?.[2] ?? issue.trim();
    const field = claim(text) ?? match?.[1];
    if (field && fields.has(field.split('.')[0]!)) errors[field] ??= text;
    else general.push(text);
  }
  if (general.length > 0) errors[FORM_ERROR] = general.join(' ');
  return errors;
}
