import type { MedicalFormInput } from '@medical-qr/contracts';
import { uniqueEmail } from '../support/http-client.js';
import { TokenIndex } from '../../services/records/src/records/token-index.js';

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
