import type { MedicalRecord } from '@medical-qr/contracts';
import { emptyMedicalForm, medicalFormFromRecord, type MedicalFormValues } from './medical-form-values';

/**
 * The form for premium's "Add another code", started from the code being shown: who to reach (email, phone, last name
 * and emergency contacts) usually stays the same for a child or a bag tag; the person's first name, date of birth and
 * medical facts start empty, so nothing of one person is shown on another's card by mistake. Consent is asked again for
 * the new record.
 */
export function newCodeValues(from: MedicalRecord | null): MedicalFormValues {
  const empty = emptyMedicalForm();
  if (!from) return empty;
  const saved = medicalFormFromRecord(from, from.emergencyContacts);
  return {
    ...empty,
    lastName: saved.lastName,
    email: saved.email,
    phoneNumber: saved.phoneNumber,
    emergencyContacts: saved.emergencyContacts,
  };
}
