import { createHmac } from 'node:crypto';

/**
 * A keyed hash of an email (EMAIL_INDEX_KEY): lets the database find an account by its email, or check "one free
 * code per email", without the email in clear, and without the dictionary attack a plain hash would allow.
 */
export class EmailIndex {
  constructor(private readonly key: string) {}

  of(email: string): string {
    return createHmac('sha256', this.key).update(email.trim().toLowerCase()).digest('base64url');
  }
}
