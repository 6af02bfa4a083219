import type { IpsRecord } from '../../libs/contracts/src/fhir/ips-bundle.js';

/** A record as the IPS builder takes it, with nothing said, and the fields a test cares about. */
export const ipsRecord = (overrides: Partial<IpsRecord> = {}): IpsRecord => ({
  firstName: 'Imogen',
  lastName: 'Vasquez',
  email: 'imogen@example.com',
  phoneNumber: null,
  gender: 'prefer-not-to-say',
  allergies: '',
  medications: '',
  medicalConditions: '',
  devices: '',
  careDirectives: '',
  languagesSpoken: '',
  organDonor: null,
  resuscitationStatus: 'not_stated',
  directiveLocation: '',
  interpreterNeeded: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});
