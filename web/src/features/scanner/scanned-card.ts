import type { EmergencyCard } from '@medical-qr/contracts';
import type { ScannedPayload } from './scanned-content';

/**
 * What the result shows of a card read by token: everything the card leads with, and the rest. A server older than
 * the first-minute facts leaves them out; they then read as not stated, as on the card page.
 */
export function payloadOfCard(card: EmergencyCard): ScannedPayload {
  return {
    gender: card.gender,
    bloodGroup: card.bloodGroup,
    allergies: card.allergies,
    medicalConditions: card.medicalConditions,
    organDonor: card.organDonor,
    emergencyContacts: card.emergencyContacts.map(({ name, phone, relationship, isPrimary }) => ({
      name,
      phone,
      relationship,
      isPrimary,
    })),
    name: `${card.firstName} ${card.lastName}`.trim(),
    age: card.age ?? null,
    resuscitationStatus: card.resuscitationStatus ?? 'not_stated',
    directiveLocation: card.directiveLocation ?? '',
    medications: card.medications ?? '',
    devices: card.devices ?? '',
    languagesSpoken: card.languagesSpoken ?? '',
    interpreterNeeded: card.interpreterNeeded ?? null,
    careDirectives: card.careDirectives ?? '',
  };
}
