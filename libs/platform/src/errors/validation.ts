import type { z } from 'zod';
import type { ErrorIssue } from '@medical-qr/contracts';
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

/** Each issue on its own, its path dotted (`emergencyContacts.0.phone`); an unknown field is an issue at its own path. */
export function issuesOf(error: z.ZodError): ErrorIssue[] {
  const issues = error.issues.flatMap((issue): ErrorIssue[] => {
    const path = issue.path.join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: path ? `${path}.${key}` : key, message: `Unknown field: ${key}` }));
    }
    return [{ path, message: issue.message }];
  });
  return issues.filter(
    (issue, index) =>
      issues.findIndex((other) => other.path === issue.path && other.message === issue.message) === index,
  );
}

/** Validates a payload from outside; a bad one becomes a VALIDATION_ERROR that names the fields, one issue at a time. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw AppError.validation(describeIssues(result.error), issuesOf(result.error));
  return result.data;
}
