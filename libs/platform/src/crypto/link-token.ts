import { createHash, randomBytes } from 'node:crypto';

/**
 * The secret of a link sent by mail: 32 random bytes in base64url (43 characters). The mail holds
 * the token, the database only {@link linkTokenHash} of it, so a copy of the database opens nothing.
 */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a link token, hex: enough for 256 random bits, which no dictionary can guess. */
export function linkTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
