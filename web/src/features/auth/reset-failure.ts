import { AuthMessages } from '@medical-qr/contracts';
import { FORM_ERROR, type FormFailure } from '../../components/ui/form';
import { isApiError } from '../../lib/base-query';

/** The refusal kind that offers a new link. */
export const LINK_FAILED = 'link';

/** A refused, unknown or used token (400, 404, 410) or no answer: the link is the problem. */
export function resetFailure(failure: unknown): FormFailure {
  const linkProblem = !isApiError(failure) || [400, 404, 410].includes(failure.status as number);
  const text = linkProblem ? AuthMessages.resetInvalid : failure.message;
  return { title: 'Reset Failed', errors: { [FORM_ERROR]: text }, kind: linkProblem ? LINK_FAILED : undefined };
}
