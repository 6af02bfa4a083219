import { createHmac } from 'node:crypto';

/**
 * A keyed hash of an email: lets "one free code per email" be checked by the database without
 * the email in clear, and without the dictionary attack a plain hash would allow.
 */
export class EmailIndex {
  constructor(private readonly key: string) {}

  of(email: string): string {
    return createHmac('sha256', this.key).update(email.trim().toLowerCase()).digest('base64url');
  }
}
