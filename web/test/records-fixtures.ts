import type { AnonymousCreationResponse, MedicalRecord } from '@medical-qr/contracts';

const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();

export const QR_PNG = 'data:image/png;base64,iVBORw0KGgo=';

/** A signed-in user's record as the gateway returns it; active for 10 more days unless told otherwise. */
export function aMedicalRecord(overrides: Partial<MedicalRecord> = {}): MedicalRecord {
  return {
    id: '6f1c2f0e-8a4b-4c39-9d63-0f1e2d3c4b5a',
    token: 'AbCdEfGhIjKlMnOpQrSt-_',
    label: '',
    qrCodeData: QR_PNG,
    cardUrl: 'https://medicalqr.example/emergency/AbCdEfGhIjKlMnOpQrSt-_',
    createdAt: inDays(0),
    expiresAt: inDays(10),
    factsCheckedAt: inDays(0),
    isActive: true,
    gender: 'female',
    bloodGroup: 'AB-',
    allergies: 'Latex',
    allergySeverities: [],
    medicalConditions: 'Asthma',
    organDonor: true,
    medications: 'Salbutamol inhaler',
    devices: '',
    languagesSpoken: 'English, French',
    careDirectives: '',
    dateOfBirth: null,
    resuscitationStatus: 'not_stated',
    directiveLocation: '',
    interpreterNeeded: null,
    writtenIn: 'en',
    hasGivenConsent: true,
    version: 1,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phoneNumber: '+44 20 7946 0000',
    emergencyContacts: [
      { id: 'c-1', name: 'Charles Babbage', phone: '+44 20 7946 0001', relationship: 'Friend', isPrimary: true },
    ],
    ...overrides,
  };
}

/** The same record after its time ran out. */
export function anExpiredRecord(overrides: Partial<MedicalRecord> = {}): MedicalRecord {
  return aMedicalRecord({ isActive: false, expiresAt: inDays(-1), createdAt: inDays(-11), ...overrides });
}

export function anAnonymousCreation(overrides: Partial<AnonymousCreationResponse> = {}): AnonymousCreationResponse {
  return {
    qrCodeData: QR_PNG,
    token: 'ZyXwVuTsRqPoNmLkJiHg12',
    cardUrl: 'https://medicalqr.example/emergency/ZyXwVuTsRqPoNmLkJiHg12',
    expiresAt: inDays(2),
    confirmationMailed: true,
    ...overrides,
  };
}

/** The first-minute facts a record or a kept form did not have before the form asked for them. */
interface FirstMinuteFacts {
  dateOfBirth: unknown;
  resuscitationStatus: unknown;
  directiveLocation: unknown;
  interpreterNeeded: unknown;
}

/** `value` as it was saved before the first-minute facts existed: without them. */
export function savedBeforeFirstMinuteFacts<T extends FirstMinuteFacts>(value: T): Omit<T, keyof FirstMinuteFacts> {
  const { dateOfBirth: _d, resuscitationStatus: _r, directiveLocation: _l, interpreterNeeded: _i, ...older } = value;
  return older;
}
