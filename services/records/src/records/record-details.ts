import { z } from 'zod';
import { emergencyCardSchema, severitiesForText, type EmergencyCard, type MedicalForm } from '@medical-qr/contracts';

/**
 * What a record holds, kept encrypted as one JSON value: the card's facts without its contacts and dates, and the date
 * of birth itself (the card shows the age it gives on the day it is read).
 */
export type RecordDetails = Omit<
  EmergencyCard,
  'emergencyContacts' | 'createdAt' | 'expiresAt' | 'factsCheckedAt' | 'age'
> & {
  dateOfBirth: string | null;
  /** Always there once read ([] when none is said), though optional on a card. */
  allergySeverities: NonNullable<EmergencyCard['allergySeverities']>;
};

/**
 * The decrypted details as stored. Records saved before medications, devices, languages and care
 * directives existed lack them (read as ''); their organ donor answer was a plain yes/no and stays so. Records saved
 * before the first-minute facts read as not stated, and those saved before allergy severities as none said.
 */
const storedDetailsSchema = emergencyCardSchema
  .omit({ emergencyContacts: true, createdAt: true, expiresAt: true, factsCheckedAt: true, age: true })
  .extend({
    dateOfBirth: z.iso.date().nullable().default(null),
    organDonor: z.boolean().nullable().default(null),
    medications: z.string().default(''),
    devices: z.string().default(''),
    languagesSpoken: z.string().default(''),
    careDirectives: z.string().default(''),
    allergySeverities: emergencyCardSchema.shape.allergySeverities.unwrap().default([]),
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
    // Kept here, where every save passes (the web form, any API caller): a severity for an entry the allergies no
    // longer name is dropped, so it cannot come back unseen when the same words are typed again.
    allergySeverities: severitiesForText(form.allergies, form.allergySeverities),
    medicalConditions: form.medicalConditions,
    organDonor: form.organDonor,
    medications: form.medications,
    devices: form.devices,
    languagesSpoken: form.languagesSpoken,
    careDirectives: form.careDirectives,
    dateOfBirth: form.dateOfBirth,
    resuscitationStatus: form.resuscitationStatus,
    // Where a directive is kept means something only while the person says there is one.
    directiveLocation: form.resuscitationStatus === 'directive' ? form.directiveLocation : '',
    interpreterNeeded: form.interpreterNeeded,
    writtenIn: form.writtenIn,
  };
}
