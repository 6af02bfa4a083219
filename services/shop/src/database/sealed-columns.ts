import { customType } from 'drizzle-orm/pg-core';
import type { FieldCipher } from '@medical-qr/platform';

/**
 * Buyers' names, emails and addresses are sealed at rest with the platform's field cipher (ENCRYPTION_KEYS), bound
 * to their column: the columns below encrypt on every write and decrypt on every read, so no query can forget to.
 * The shop never searches by them. The cipher is given once at start (ShopCipherInstaller), before any query.
 */
let cipher: FieldCipher | undefined;

export function useShopCipher(fieldCipher: FieldCipher): void {
  cipher = fieldCipher;
}

function current(): FieldCipher {
  if (!cipher) throw new Error('the shop cipher is not set: ShopCipherInstaller runs at start');
  return cipher;
}

/** Values written before sealing (development databases only: nothing was deployed) read as they are. */
const isSealed = (value: string) => value.startsWith('v1.');

/**
 * A text column whose values are ciphertext in the database and plain text in the code; `context` (the table and
 * column) binds each ciphertext to its column: `sealedText('orders.city')('city')`.
 */
export const sealedText = (context: string) =>
  customType<{ data: string; driverData: string }>({
    dataType: () => 'text',
    // Empty is no one's data, and shows at a glance what an erasure blanked.
    toDriver: (value) => (value === '' ? '' : current().encrypt(value, `shop.${context}`)),
    fromDriver: (value) => (isSealed(value) ? current().decrypt(value, `shop.${context}`) : value),
  });

/** A jsonb column holding one sealed JSON string: the value's whole JSON, encrypted. */
export const sealedJson = <T>(context: string) =>
  customType<{ data: T; driverData: string | T }>({
    dataType: () => 'jsonb',
    toDriver: (value) => JSON.stringify(current().encrypt(JSON.stringify(value), `shop.${context}`)),
    fromDriver: (value) =>
      typeof value === 'string' ? (JSON.parse(current().decrypt(value, `shop.${context}`)) as T) : value,
  });
