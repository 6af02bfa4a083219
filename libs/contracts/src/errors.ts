import { z } from 'zod';
import { STATUS_BY_CODE, type ErrorCode } from './error-codes.js';

export * from './error-codes.js';

/** Extra facts an error may carry to the client (merged into the HTTP body). */
export const errorDetailsSchema = z.object({
  requiresVerification: z.boolean().optional(),
  redirectUrl: z.string().optional(),
  retryAfterSeconds: z.number().int().optional(),
  /** With EDIT_CONFLICT: the resource as it is saved now, in the shape its GET answers. */
  current: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorDetails = z.infer<typeof errorDetailsSchema>;

/** The one error body every HTTP error response has. `errorId` is set on 500s and is also in the log. */
export const errorBodySchema = errorDetailsSchema.extend({
  statusCode: z.number().int(),
  message: z.string(),
  code: z.enum(Object.keys(STATUS_BY_CODE) as [ErrorCode, ...ErrorCode[]]).optional(),
  errorId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** What a service sends back over NATS when a handler fails on purpose. */
export interface RpcErrorPayload {
  code: ErrorCode;
  message: string;
  details?: ErrorDetails;
}
