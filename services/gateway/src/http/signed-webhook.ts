import type { RawBodyRequest } from '@nestjs/common';
import type { Request } from 'express';
import type { z } from 'zod';
import { ErrorCodes } from '@medical-qr/contracts';
import { AppError } from '@medical-qr/platform';

export interface SignedWebhookRules<T> {
  /** `{payload, signature}` as the receiving service takes it; its bounds refuse a signature far too long. */
  schema: z.ZodType<T>;
  /** Bodies larger than any event of the provider are refused before they travel further. */
  maxBytes?: number;
  messages: { unsigned: string; empty: string; badSignature: string; tooLarge?: string };
}

/**
 * A provider's webhook as the gateway passes it on: the exact bytes the general JSON parser kept in `req.rawBody`
 * (a re-serialised body would no longer match its signature) and the signature header, both checked for presence
 * and size. The receiving service checks the signature itself.
 */
export function signedWebhook<T>(
  req: RawBodyRequest<Request>,
  signature: string | undefined,
  { schema, maxBytes, messages }: SignedWebhookRules<T>,
): T {
  if (!signature) throw new AppError(ErrorCodes.VALIDATION_ERROR, messages.unsigned);
  if (!req.rawBody?.length) throw new AppError(ErrorCodes.VALIDATION_ERROR, messages.empty);
  if (maxBytes !== undefined && req.rawBody.length > maxBytes) {
    throw new AppError(ErrorCodes.PAYLOAD_TOO_LARGE, messages.tooLarge ?? messages.empty);
  }
  const parsed = schema.safeParse({ payload: req.rawBody.toString('utf8'), signature });
  if (!parsed.success) throw new AppError(ErrorCodes.VALIDATION_ERROR, messages.badSignature);
  return parsed.data;
}
