import type { MedicalFormInput } from '@medical-qr/contracts';
import { HttpClient, uniqueEmail, waitForMailLink } from '../support/http-client.js';
import { TokenIndex } from '../../services/records/src/records/token-index.js';

/**
 * A responder's phone, as its browser names itself. Only a person's view of a card is a scan (logged, alerted): a test
 * that opens a card to see it counted sends this, since Node's own fetch says "node", which counts as a script.
 */
export const RESPONDER_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** A complete, valid medical form with distinctive values (so a test can look for them in raw rows). */
export function medicalForm(overrides: Partial<MedicalFormInput> = {}): MedicalFormInput {
  return {
    firstName: 'Imogen',
    lastName: 'Vasquez-Thornbury',
    email: uniqueEmail('imogen'),
    phoneNumber: '+44 20 7946 0958',
    gender: 'female',
    bloodGroup: 'AB-',
    allergies: 'Penicillin anaphylaxis; latex',
    medicalConditions: 'Type 1 diabetes (insulin pump)',
    organDonor: true,
    medications: 'Levothyroxine 75 mcg; NovoRapid via pump',
    devices: 'Omnipod insulin pump, left abdomen',
    languagesSpoken: 'Catalan, Tagalog',
    careDirectives: 'Advance directive: with Dr Okonkwo',
    emergencyContacts: [
      { name: 'Bartholomew Quist', phone: '+44 (0) 7700-900123', relationship: 'Brother', isPrimary: true },
    ],
    hasGivenConsent: true,
    ...overrides,
  };
}

/**
 * The keyed hash a card's row is found by (tokens are not stored in clear): what a test that reads or changes a row
 * by its token looks for, with the system's own index secret.
 */
export function tokenIndexOf(token: string, secret = process.env.E2E_EMAIL_INDEX_KEY): string {
  if (!secret) throw new Error('the system under test did not share its EMAIL_INDEX_KEY');
  return new TokenIndex(secret).of(token);
}

/** The subject of the mail that asks whoever made an anonymous code to prove its email. */
export const CODE_CONFIRMATION_SUBJECT = /^Keep your Medical QR code with your account/;

/** The token of the newest confirmation link mailed to `email` (waiting for it to arrive). */
export async function codeConfirmationToken(email: string): Promise<string> {
  const link = new URL(await waitForMailLink(email, CODE_CONFIRMATION_SUBJECT));
  if (!/^\/confirm-code-email\/[A-Za-z0-9_-]{43}$/.test(link.pathname))
    throw new Error(`not a confirmation link: ${link}`);
  return link.pathname.split('/').pop()!;
}

/** Follows that link as its reader would: the code's maker proves the email, so the code may join that account. */
export async function confirmCodeEmail(email: string): Promise<void> {
  const token = await codeConfirmationToken(email);
  const confirmed = await new HttpClient().post('/api/anonymous-medical-record/confirm-email', { token });
  if (confirmed.status !== 200)
    throw new Error(`confirming answered ${confirmed.status}: ${JSON.stringify(confirmed.body)}`);
}
