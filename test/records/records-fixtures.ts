import type { MedicalFormInput } from '@medical-qr/contracts';
import { uniqueEmail } from '../support/http-client.js';

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
