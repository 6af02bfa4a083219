import { createCipheriv, createDecipheriv, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * AES-256-GCM for values at rest. Each ciphertext is `v1.<keyId>.<iv>.<tag>.<data>` (base64url),
 * so keys can rotate: new data uses the current key, old data decrypts with the key it names.
 * The optional `context` (e.g. a row id) is bound as additional authenticated data, so a
 * ciphertext copied to another row does not decrypt.
 */
export class FieldCipher {
  /** Prepared once: a raw Buffer key is imported again on every cipher (about 5x the cost of a card's decrypt). */
  private readonly keys: Map<string, KeyObject>;

  constructor(
    keys: Record<string, Buffer>,
    private readonly currentKeyId: string,
  ) {
    for (const [id, key] of Object.entries(keys)) {
      if (!KEY_ID.test(id)) throw new Error(`Encryption key id "${id}" must be 1-32 letters, digits, "_" or "-"`);
      if (key.length !== 32) throw new Error(`Encryption key "${id}" must be 32 bytes (got ${key.length})`);
    }
    this.keys = new Map(Object.entries(keys).map(([id, key]) => [id, createSecretKey(key)]));
    if (!this.keys.has(currentKeyId)) throw new Error(`ENCRYPTION_KEY_ID "${currentKeyId}" is not in ENCRYPTION_KEYS`);
  }

  /** Reads `id1:base64key,id2:base64key` as ENCRYPTION_KEYS holds it. */
  static fromConfig(keysSpec: string, currentKeyId: string): FieldCipher {
    const keys: Record<string, Buffer> = {};
    for (const entry of keysSpec
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean)) {
      const separator = entry.indexOf(':');
      if (separator < 1) throw new Error('ENCRYPTION_KEYS must be comma-separated "keyId:base64key" pairs');
      keys[entry.slice(0, separator)] = Buffer.from(entry.slice(separator + 1), 'base64');
    }
    return new FieldCipher(keys, currentKeyId);
  }

  encrypt(plaintext: string, context = ''): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.currentKeyId)!, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, this.currentKeyId, iv, cipher.getAuthTag(), data]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  decrypt(ciphertext: string, context = ''): string {
    const [version, keyId, iv, tag, data] = ciphertext.split('.');
    if (version !== VERSION || !keyId || iv === undefined || tag === undefined || data === undefined) {
      throw new Error('Not a field ciphertext');
    }
    const key = this.keys.get(keyId);
    if (!key) throw new Error(`Unknown encryption key id "${keyId}"`);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** Whether a value was written with a key other than the current one (and so wants re-encrypting). */
  needsRotation(ciphertext: string): boolean {
    return ciphertext.split('.')[1] !== this.currentKeyId;
  }
}
