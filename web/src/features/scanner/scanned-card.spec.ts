import type { EmergencyCard } from '@medical-qr/contracts';
import { payloadOfCard } from './scanned-card';

const card: EmergencyCard = {
  firstName: 'Imogen',
  lastName: 'Vasquez-Thornbury',
  email: 'imogen@example.com',
  phoneNumber: null,
  gender: 'female',
  bloodGroup: 'AB-',
  allergies: 'Penicillin',
  medicalConditions: 'Type 1 diabetes',
  organDonor: null,
  medications: 'Apixaban 5 mg',
  devices: 'Insulin pump',
  languagesSpoken: 'Catalan',
  careDirectives: 'With Dr Okonkwo',
  age: 46,
  resuscitationStatus: 'directive',
  directiveLocation: 'Wallet, front pocket',
  interpreterNeeded: true,
  writtenIn: 'en',
  emergencyContacts: [
    {
      id: '8c0f8f4e-4b6e-4a47-9d7e-3f1f5d0f7a11',
      name: 'Bartholomew Quist',
      phone: '+44 7700 900123',
      relationship: 'Brother',
      isPrimary: true,
    },
  ],
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: null,
  factsCheckedAt: '2026-11-23T10:00:00Z',
};

describe('the result of a card read by token', () => {
  it('carries the first-minute facts and the rest, and no more of the card than the result shows', () => {
    expect(payloadOfCard(card)).toEqual({
      gender: 'female',
      bloodGroup: 'AB-',
      allergies: 'Penicillin',
      medicalConditions: 'Type 1 diabetes',
      organDonor: null,
      emergencyContacts: [
        { name: 'Bartholomew Quist', phone: '+44 7700 900123', relationship: 'Brother', isPrimary: true },
      ],
      name: 'Imogen Vasquez-Thornbury',
      age: 46,
      resuscitationStatus: 'directive',
      directiveLocation: 'Wallet, front pocket',
      medications: 'Apixaban 5 mg',
      devices: 'Insulin pump',
      languagesSpoken: 'Catalan',
      interpreterNeeded: true,
      careDirectives: 'With Dr Okonkwo',
    });
  });

  it('reads the first-minute facts a server older than them leaves out as not stated', () => {
    const older: Partial<EmergencyCard> = { ...card };
    for (const field of ['age', 'resuscitationStatus', 'directiveLocation', 'interpreterNeeded'] as const) {
      delete older[field];
    }
    expect(payloadOfCard(older as EmergencyCard)).toMatchObject({
      age: null,
      resuscitationStatus: 'not_stated',
      directiveLocation: '',
      interpreterNeeded: null,
    });
  });
});
