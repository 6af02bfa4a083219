import { randomBytes } from 'node:crypto';

/** A new card token: 128 random bits, URL-safe (22 base64url characters). */
export function newEmergencyToken(): string {
  return randomBytes(16).toString('base64url');
}
