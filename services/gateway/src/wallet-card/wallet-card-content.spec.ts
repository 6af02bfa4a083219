import type { MedicalRecord } from '@medical-qr/contracts';
import { walletCardContent, walletContacts } from './wallet-card-content.js';

const contact = (name: string, isPrimary = false) => ({
  id: crypto.randomUUID(),
  name,
  phone: '+44 7700 900123',
  relationship: '',
  isPrimary,
});

const record = {
  id: crypto.randomUUID(),
  token: 'AbCdEfGhIjKlMnOpQrStUv',
  label: '',
  qrCodeData: '',
  cardUrl: 'https://medicalqr.example/emergency/AbCdEfGhIjKlMnOpQrStUv',
  isActive: true,
  hasGivenConsent: true,
  version: 3,
  firstName: 'ليلى',
  lastName: 'حداد',
  email: 'layla@example.com',
  phoneNumber: null,
  gender: 'female',
  bloodGroup: 'O-',
  allergies: '',
  allergySeverities: [],
  medicalConditions: 'Epilepsy',
  organDonor: null,
  medications: 'Warfarin 5 mg',
  devices: 'Pacemaker',
  languagesSpoken: '',
  careDirectives: '',
  dateOfBirth: '1980-05-02',
  resuscitationStatus: 'not_stated',
  directiveLocation: '',
  interpreterNeeded: null,
  writtenIn: 'en',
  emergencyContacts: [contact('Sam'), contact('Dana', true)],
  createdAt: '2026-03-12T23:30:00.000Z',
  expiresAt: null,
} satisfies MedicalRecord;

describe('walletCardContent', () => {
  const content = walletCardContent(record, new Date('2026-11-28T12:00:00Z'));

  it('leads with the first-minute block, today’s age included, and puts the same block in the offline text', () => {
    expect(content.firstMinute.slice(0, 2).map(({ label, value }) => `${label}: ${value}`)).toEqual([
      'Name: ليلى حداد',
      'Age: 46',
    ]);
    expect(content.offlineText.split('\n')).toEqual(
      expect.arrayContaining(['EMERGENCY MEDICAL ID', 'Name: ليلى حداد', 'Takes a blood thinner: Warfarin']),
    );
  });

  it('carries the conditions, medications and devices as written, and the day the record was saved', () => {
    expect(content).toMatchObject({ conditions: 'Epilepsy', medications: 'Warfarin 5 mg', devices: 'Pacemaker' });
    expect(content.lastChecked).toBe('Last checked by the owner: 12\u00a0Mar\u00a02026');
  });
});

describe('walletContacts', () => {
  it('puts the primary first and keeps three, the rest in the owner’s order', () => {
    const names = walletContacts([contact('A'), contact('B'), contact('C', true), contact('D')]).map((c) => c.name);
    expect(names).toEqual(['C', 'A', 'B']);
  });
});
