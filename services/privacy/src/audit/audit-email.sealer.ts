import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, EmailIndex, FIELD_CIPHER, type FieldCipher } from '@medical-qr/platform';
import type { PrivacyConfig } from '../config.js';

/** Binds an audit log email's ciphertext to that column: copied anywhere else, it does not decrypt. */
export const AUDIT_EMAIL_CONTEXT = 'privacy.audit_log.email';

/**
 * What the audit log keeps of an email typed or used in an entry (an account's, or whatever a stranger typed into
 * forgot-password): a ciphertext to read it in an investigation, and a keyed hash to find the entries by address.
 */
@Injectable()
export class AuditEmailSealer {
  private readonly index: EmailIndex;

  constructor(
    @Inject(FIELD_CIPHER) private readonly cipher: FieldCipher,
    @Inject(CONFIG) config: PrivacyConfig,
  ) {
    this.index = new EmailIndex(config.EMAIL_INDEX_KEY);
  }

  seal(email: string | null | undefined): { email: string | null; emailIndex: string | null } {
    if (!email) return { email: null, emailIndex: null };
    return { email: this.cipher.encrypt(email, AUDIT_EMAIL_CONTEXT), emailIndex: this.index.of(email) };
  }
}
