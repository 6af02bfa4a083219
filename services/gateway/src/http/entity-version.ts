import type { Response } from 'express';
import { AppError } from '@medical-qr/platform';

/** `"3"` or `W/"3"`: the version a client read, as it sends it back in `If-Match`. */
const VERSION_TAG = /^(?:W\/)?"([1-9]\d{0,9})"$/;

/**
 * The version a save was made from, read from its `If-Match` header (optimistic concurrency: a save from an older
 * version is refused with 409 and the current data). No header, or `*`, asks for no check.
 */
export function expectedVersionOf(ifMatch: string | undefined): number | undefined {
  const value = ifMatch?.trim();
  if (!value || value === '*') return undefined;
  const match = VERSION_TAG.exec(value);
  const version = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(version))
    throw AppError.validation('If-Match must be the ETag of the version you edited, such as "3".');
  return version;
}

/** Answers a versioned entity with its ETag, so the client's next save can name the version in `If-Match`. */
export function sendVersioned(entity: { version: number }, response: Response): void {
  response.setHeader('ETag', `"${entity.version}"`).json(entity);
}
