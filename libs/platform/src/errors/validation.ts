import type { z } from 'zod';
import { AppError } from './app-error.js';

/**
 * Human-readable summary of what is wrong, each message prefixed with its field
 * ("email: Invalid email format"), except instructions addressed to the person ("Please fill in
 * all required fields"), which stand alone, once.
 */
export function describeIssues(error: z.ZodError): string {
  const messages = error.issues.map((issue) => {
    if (issue.message.startsWith('Please ') || issue.path.length === 0) return issue.message;
    return `${issue.path.join('.')}: ${issue.message}`;
  });
  if (error.issues.some((issue) => issue.code === 'unrecognized_keys')) {
    const unknown = error.issues.flatMap((issue) => (issue.code === 'unrecognized_keys' ? issue.keys : []));
    messages.push(`Unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
  }
  return [...new Set(messages.filter((m) => !m.startsWith('Unrecognized key')))].slice(0, 5).join('; ');
}

/** Validates a payload from outside; a bad one becomes a VALIDATION_ERROR that names the fields. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw AppError.validation(describeIssues(result.error));
  return result.data;
}
