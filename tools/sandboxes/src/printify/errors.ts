import type { z } from 'zod';

/** Printify's error body: `{status: 'error', code, message, errors: {reason, code}}`. */
export class PrintifyError extends Error {
  constructor(
    readonly status: number,
    readonly body: object,
  ) {
    super(JSON.stringify(body));
  }
}

/** Printify's code for a body it refuses. */
export const VALIDATION_CODE = 8150;

/** 400 "Validation failed.", naming the field at fault in `reason` and `errors.field`. */
export function validationFailed(field: string, problem: string): PrintifyError {
  return new PrintifyError(400, {
    status: 'error',
    code: VALIDATION_CODE,
    message: 'Validation failed.',
    errors: { reason: `${field}: ${problem}`, code: VALIDATION_CODE, field },
  });
}

/** A zod failure as Printify's validation error, naming the first field at fault (`line_items.0.quantity`). */
export function fromZod(error: z.ZodError): PrintifyError {
  const issue = error.issues[0]!;
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
  return validationFailed(field, issue.message);
}

/** 404 for an unknown shop, product, order, blueprint... */
export function notFound(what: string): PrintifyError {
  return new PrintifyError(404, {
    status: 'error',
    code: 8404,
    message: 'Not found.',
    errors: { reason: `${what} not found.`, code: 8404 },
  });
}

/** 401 without the stand-in's token, as Printify (Laravel) answers. */
export const UNAUTHENTICATED = { error: 'Unauthenticated.' };
