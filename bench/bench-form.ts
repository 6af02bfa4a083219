import type { MedicalFormInput } from '@medical-qr/contracts';

/** A typical card: every field a responder reads, one contact. */
export function benchForm(email: string): MedicalFormInput {
  return {
    firstName: 'Imogen',
    lastName: 'Vasquez-Thornbury',
    email,
    phoneNumber: '+44 20 7946 0958',
    gender: 'female',
    bloodGroup: 'AB-',
    allergies: 'Penicillin (anaphylaxis), peanuts, latex',
    medicalConditions: 'Type 1 diabetes, epilepsy',
    medications: 'Insulin glargine 22 units at night; levetiracetam 750 mg twice daily',
    devices: 'Insulin pump (left abdomen)',
    languagesSpoken: 'English, Spanish',
    careDirectives: 'DNR: signed form in wallet',
    organDonor: true,
    emergencyContacts: [{ name: 'Bartholomew Quist', phone: '+44 7700 900123', relationship: 'Brother' }],
    hasGivenConsent: true,
  };
}

/** Makes an anonymous code through the API; answers its card token. */
export async function createAnonymousCard(base: string): Promise<string> {
  const response = await fetch(`${base}/api/anonymous-medical-record`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(benchForm(`bench-card-${Date.now()}@example.org`)),
  });
  if (!response.ok) throw new Error(`creating the card answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}
