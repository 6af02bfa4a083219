import { z } from 'zod';
import { emergencyCardSchema, type EmergencyCard, type MedicalForm } from '@medical-qr/contracts';

/** What a record holds, kept encrypted as one JSON value: the card's facts without its contacts and dates. */
export type RecordDetails = Omit<EmergencyCard, 'emergencyContacts' | 'createdAt' | 'expiresAt'>;

/**
 * The decrypted details as stored. Records saved before medications, devices, languages and care
 * directives existed lack them (read as ''); their organ donor answer was a plain yes/no and stays so.
 */
const storedDetailsSchema = emergencyCardSchema
  .omit({ emergencyContacts: true, createdAt: true, expiresAt: true })
  .extend({
    organDonor: z.boolean().nullable().default(null),
    medications: z.string().default(''),
    devices: z.string().default(''),
    languagesSpoken: z.string().default(''),
    careDirectives: z.string().default(''),
  });

export function parseStoredDetails(json: string): RecordDetails {
  return storedDetailsSchema.parse(JSON.parse(json));
}

export function detailsFromForm(form: MedicalForm): RecordDetails {
  return {
    firstName: form.firstName,
    lastName: form.lastName,
    email: form.email,
    phoneNumber: form.phoneNumber || null,
    gender: form.gender,
    bloodGroup: form.bloodGroup,
    allergies: form.allergies,
    medicalConditions: form.medicalConditions,
    organDonor: form.organDonor,
    medications: form.medications,
    devices: form.devices,
    languagesSpoken: form.languagesSpoken,
    careDirectives: form.careDirectives,
  };
}
