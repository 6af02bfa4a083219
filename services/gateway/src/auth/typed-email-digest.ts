import { createHmac } from 'node:crypto';
import { EmailIndex } from '@medical-qr/platform';

/**
 * What the audit log keeps of an email typed into a refused sign-in: the keyed hash emails are indexed by
 * (EmailIndex), under a key derived from SESSION_SECRET, so attempts on one address can still be matched in an
 * investigation, while the log never holds an address in clear, which may be a stranger's, or a person's who later
 * has their data erased.
 */
export function typedEmailDigest(secret: string, email: string): string {
  const key = createHmac('sha256', secret).update('audit-typed-email').digest('base64url');
  return `hmac-sha256:${new EmailIndex(key).of(email)}`;
}
