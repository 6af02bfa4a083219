import type { z } from 'zod';
import { AppError } from './app-error.js';

/** Human-readable summary of what is wrong, naming each field: "email: Invalid email address; age: ..." */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/** Validates a payload from outside; a bad one becomes a VALIDATION_ERROR that names the fields. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw AppError.validation(describeIssues(result.error));
  return result.data;
}
