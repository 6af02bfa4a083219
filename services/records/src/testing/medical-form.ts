import { medicalFormSchema, type MedicalForm, type MedicalFormInput } from '@medical-qr/contracts';

/** For specs: a valid medical form (one contact, consent given), with `changes` on top. */
export function testMedicalForm(changes: Partial<MedicalFormInput> = {}): MedicalForm {
  return medicalFormSchema.parse({
    firstName: 'Imogen',
    lastName: 'Vasquez',
    email: 'imogen@example.com',
    bloodGroup: 'AB-',
    emergencyContacts: [{ name: 'Bart Quist', phone: '+44 7700 900123', relationship: 'Brother' }],
    hasGivenConsent: true,
    ...changes,
  });
}
