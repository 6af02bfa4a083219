import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';

/** Labels the key derived for card tokens, so a token's hash never equals an email's under the same secret. */
const PURPOSE = 'medical-qr/card-token-index/v1';

/**
 * A keyed hash of a card token: the database finds a card by it, and without the key a stolen
 * table maps no hash back to a working link. Derived from the records' index secret
 * (`EMAIL_INDEX_KEY`) with its own purpose label. Printed tags' tokens open cards too and are
 * hashed with the same key, so a scanned token is hashed once whichever table holds it.
 */
export class TokenIndex {
  /** Prepared once: a raw key is imported again on every hash, several times the cost of the hash itself. */
  private readonly key: KeyObject;

  constructor(secret: string) {
    this.key = createSecretKey(createHmac('sha256', secret).update(PURPOSE).digest());
  }

  of(token: string): string {
    return createHmac('sha256', this.key).update(token).digest('base64url');
  }
}
