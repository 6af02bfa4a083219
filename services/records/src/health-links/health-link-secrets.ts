import { createHash, randomBytes } from 'node:crypto';
import { CompactEncrypt } from 'jose';
import { SHL_FHIR_CONTENT_TYPE } from '@medical-qr/contracts';

/** 32 random bytes in base64url (43 characters): a link's id in its URL, its key, a location's ticket. */
export const newShlRandom = () => randomBytes(32).toString('base64url');

/** What the database keeps of a random id or ticket: its SHA-256 (256 random bits need no key or salt). */
export const hashOfShlRandom = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * The file as SHL readers take it: JWE compact serialization, `dir` with A256GCM under the link's key, `cty` saying
 * what is inside. jose draws a fresh IV for every call, so every write of the file has its own.
 */
export function sealFile(document: unknown, key: string): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(document)))
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', cty: SHL_FHIR_CONTENT_TYPE })
    .encrypt(Buffer.from(key, 'base64url'));
}
