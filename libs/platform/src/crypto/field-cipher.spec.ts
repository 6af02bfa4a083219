import { randomBytes } from 'node:crypto';
import { FieldCipher } from './field-cipher.js';

const key = () => randomBytes(32);

describe('FieldCipher', () => {
  it('round-trips text and never shows the plaintext', () => {
    const cipher = new FieldCipher({ k1: key() }, 'k1');
    const secret = 'Penicillin, peanuts — anaphylaxis';
    const sealed = cipher.encrypt(secret);
    expect(sealed).toMatch(/^v1\.k1\./);
    expect(sealed).not.toContain('Penicillin');
    expect(cipher.encrypt(secret)).not.toBe(sealed); // a fresh IV each time
    expect(cipher.decrypt(sealed)).toBe(secret);
  });

  it('decrypts data written under an older key after rotation, and flags it for re-encryption', () => {
    const old = key();
    const before = new FieldCipher({ k1: old }, 'k1').encrypt('O negative');
    const after = new FieldCipher({ k1: old, k2: key() }, 'k2');
    expect(after.decrypt(before)).toBe('O negative');
    expect(after.needsRotation(before)).toBe(true);
    expect(after.needsRotation(after.encrypt('x'))).toBe(false);
  });

  it('refuses tampered data, a different row context, and unknown keys', () => {
    const cipher = new FieldCipher({ k1: key() }, 'k1');
    const sealed = cipher.encrypt('diabetes', 'record-1');
    const parts = sealed.split('.');
    parts[4] = Buffer.from('tampered').toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'), 'record-1')).toThrow();
    expect(() => cipher.decrypt(sealed, 'record-2')).toThrow();
    expect(() => new FieldCipher({ k9: key() }, 'k9').decrypt(sealed, 'record-1')).toThrow(
      'Unknown encryption key id "k1"',
    );
  });

  it('reads keys from configuration and rejects wrong sizes and missing current keys', () => {
    const spec = `a:${key().toString('base64')},b:${key().toString('base64')}`;
    expect(FieldCipher.fromConfig(spec, 'b').decrypt(FieldCipher.fromConfig(spec, 'a').encrypt('x'))).toBe('x');
    expect(() => FieldCipher.fromConfig(`a:${randomBytes(16).toString('base64')}`, 'a')).toThrow('must be 32 bytes');
    expect(() => FieldCipher.fromConfig(spec, 'c')).toThrow('ENCRYPTION_KEY_ID "c" is not in ENCRYPTION_KEYS');
    expect(() => FieldCipher.fromConfig('nokey', 'a')).toThrow('keyId:base64key');
  });
});
