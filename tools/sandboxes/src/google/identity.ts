import { createHash } from 'node:crypto';

/** Who signed in on the consent page. */
export interface GoogleIdentity {
  email: string;
  givenName: string;
  familyName: string;
}

/**
 * Google's `sub`: a stable numeric id per account. Here it is derived from the email, so the same address gets the
 * same `sub` on every run and every machine.
 */
export function stableSub(email: string): string {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  return `1${BigInt(`0x${digest.slice(0, 16)}`)
    .toString()
    .padStart(20, '0')}`;
}

/** The userinfo document, as Google's `/oauth2/v3/userinfo` returns it. */
export function userinfo(identity: GoogleIdentity) {
  return {
    sub: stableSub(identity.email),
    email: identity.email,
    email_verified: true,
    name: [identity.givenName, identity.familyName].filter(Boolean).join(' '),
    given_name: identity.givenName,
    family_name: identity.familyName,
    picture: '',
  };
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An ID token with Google's claims. Unsigned (`alg: none`): our code reads the userinfo endpoint and never trusts it. */
export function unsignedIdToken(claims: Record<string, unknown>): string {
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
}
