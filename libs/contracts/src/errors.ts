import { z } from 'zod';
import { STATUS_BY_CODE, type ErrorCode } from './error-codes.js';

export * from './error-codes.js';

/** One thing wrong with a request: where (`emergencyContacts.0.phone`; '' for the whole request) and what. */
export const errorIssueSchema = z.object({ path: z.string(), message: z.string() });
export type ErrorIssue = z.infer<typeof errorIssueSchema>;

/** Extra facts an error may carry to the client (merged into the HTTP body). */
export const errorDetailsSchema = z.object({
  /** With VALIDATION_ERROR: each problem on its own, so a form puts it under its field without reading the message. */
  issues: z.array(errorIssueSchema).optional(),
  /** With INTERNAL: the id the failure is logged under, in whichever process it happened. */
  errorId: z.string().optional(),
  requiresVerification: z.boolean().optional(),
  redirectUrl: z.string().optional(),
  retryAfterSeconds: z.number().int().optional(),
  /** With EDIT_CONFLICT: the resource as it is saved now, in the shape its GET answers. */
  current: z.record(z.string(), z.unknown()).optional(),
  /** With UNAUTHORIZED from a health link's manifest: wrong passcodes it still takes (SMART Health Links). */
  remainingAttempts: z.number().int().min(0).optional(),
});
export type ErrorDetails = z.infer<typeof errorDetailsSchema>;

/** The one error body every HTTP error response has. `errorId` is set on 500s and is also in the log. */
export const errorBodySchema = errorDetailsSchema.extend({
  statusCode: z.number().int(),
  message: z.string(),
  code: z.enum(Object.keys(STATUS_BY_CODE) as [ErrorCode, ...ErrorCode[]]).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** What a service sends back over NATS when a handler fails on purpose. */
export interface RpcErrorPayload {
  code: ErrorCode;
  message: string;
  details?: ErrorDetails;
}

/** What a person reads about a failure nobody planned for, wherever it happened. */
export function internalErrorMessage(errorId: string): string {
  return `Something went wrong on our side (error id ${errorId}).`;
}
