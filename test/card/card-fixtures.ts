import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { MedicalFormInput } from '@medical-qr/contracts';
import { uniqueEmail } from '../support/http-client.js';

/** A realistic long record: what a responder's first screen must hold without losing the Call button. */
export function longRecord(overrides: Partial<MedicalFormInput> = {}): MedicalFormInput {
  return {
    firstName: 'Imogen',
    lastName: 'Vasquez-Thornbury',
    email: uniqueEmail('long-card'),
    phoneNumber: '+44 20 7946 0958',
    gender: 'female',
    bloodGroup: 'AB-',
    allergies: 'Penicillin (anaphylaxis), peanuts, latex, bee stings, sulfa drugs, iodinated contrast',
    medicalConditions:
      'Type 1 diabetes, epilepsy (tonic-clonic seizures), asthma, atrial fibrillation, hypothyroidism, ' +
      'chronic kidney disease stage 3, migraine, coeliac disease',
    medications:
      'Insulin glargine 22 units at night; insulin lispro with meals; levetiracetam 750 mg twice daily; ' +
      'apixaban 5 mg twice daily (anticoagulant); levothyroxine 100 mcg each morning; salbutamol inhaler as needed',
    devices: 'Insulin pump (left abdomen); implanted pacemaker',
    languagesSpoken: 'English, Spanish',
    careDirectives: 'DNR: signed form in wallet',
    dateOfBirth: '1984-07-02',
    resuscitationStatus: 'dnr',
    interpreterNeeded: true,
    organDonor: true,
    emergencyContacts: [
      { name: 'Bartholomew Quist', phone: '+44 (0) 7700-900123', relationship: 'Brother', isPrimary: true },
      { name: 'Ana Vasquez', phone: '+1 555 0142', relationship: 'Mother', isPrimary: false },
      { name: 'Dr Okonkwo', phone: '+44 20 7946 0000', relationship: 'GP', isPrimary: false },
    ],
    hasGivenConsent: true,
    ...overrides,
  };
}

/** A short record, as most people fill it in: no optional field, organ donor and gender left unanswered. */
export function shortRecord(): MedicalFormInput {
  return {
    firstName: 'Sam',
    lastName: 'Lee',
    email: uniqueEmail('short-card'),
    bloodGroup: 'O+',
    allergies: 'Penicillin',
    emergencyContacts: [{ name: 'Ana Lee', phone: '555 0100', relationship: 'Mother' }],
    hasGivenConsent: true,
  };
}

/** Script, quotes and ampersands in every free-text field a person can fill in. */
export const HOSTILE = `<script>alert("x")</script><img src=x onerror=alert(1)> O'Brien & "Sons"`;

export function hostileRecord(): MedicalFormInput {
  return longRecord({
    firstName: HOSTILE,
    lastName: HOSTILE,
    allergies: HOSTILE,
    medicalConditions: HOSTILE,
    medications: HOSTILE,
    devices: HOSTILE,
    languagesSpoken: HOSTILE.slice(0, 60),
    careDirectives: HOSTILE,
    emergencyContacts: [{ name: HOSTILE, phone: '+1 555 0100', relationship: HOSTILE.slice(0, 50), isPrimary: true }],
  });
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** As it travelled. */
  body: Buffer;
  /** Decoded from its Content-Encoding. */
  text: string;
}

/** A GET whose bytes are kept as sent (fetch would decode them). */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const decoded = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
        resolve({ status: res.statusCode!, headers: res.headers, body, text: decoded.toString() });
      });
    })
      .on('error', reject)
      .end();
  });
}
