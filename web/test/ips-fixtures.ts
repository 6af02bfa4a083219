import { encodeShlink, type ShlinkPayload } from '@medical-qr/contracts';
import { base64url, CompactEncrypt } from 'jose';

const LOINC = 'http://loinc.org';
const SNOMED = 'http://snomed.info/sct';
const ABSENT = 'http://hl7.org/fhir/uv/ips/CodeSystem/absent-unknown-uv-ips';

/** An IPS document Bundle as the records service writes one: allergies with severities, medications, no problems. */
export function anIpsBundle() {
  const entry = (id: string, resource: Record<string, unknown>) => ({ fullUrl: `urn:uuid:${id}`, resource });
  return {
    resourceType: 'Bundle',
    type: 'document',
    entry: [
      entry('composition', {
        resourceType: 'Composition',
        subject: { reference: 'urn:uuid:patient' },
        section: [
          {
            title: 'Allergies and Intolerances',
            code: { coding: [{ system: LOINC, code: '48765-2' }] },
            entry: [{ reference: 'urn:uuid:a1' }, { reference: 'urn:uuid:a2' }, { reference: 'urn:uuid:a3' }],
          },
          {
            title: 'Medication Summary',
            code: { coding: [{ system: LOINC, code: '10160-0' }] },
            entry: [{ reference: 'urn:uuid:m1' }, { reference: 'urn:uuid:m2' }],
          },
          {
            title: 'Problem List',
            code: { coding: [{ system: LOINC, code: '11450-4' }] },
            entry: [{ reference: 'urn:uuid:p1' }],
          },
          {
            title: 'Advance Directives',
            code: { coding: [{ system: LOINC, code: '42348-3' }] },
            text: {
              status: 'generated',
              div: '<div xmlns="http://www.w3.org/1999/xhtml"><ul><li>Do not resuscitate (DNR)</li></ul></div>',
            },
          },
          {
            title: 'Travel history',
            code: { coding: [{ system: LOINC, code: '10182-4' }] },
            text: { div: '<div><p>Came back from <img src=x onerror="alert(1)">Lagos</p></div>' },
          },
        ],
      }),
      entry('patient', {
        resourceType: 'Patient',
        name: [{ family: 'Thornbury', given: ['Imogen'] }],
        gender: 'female',
        birthDate: '1984-03-14',
      }),
      entry('a1', {
        resourceType: 'AllergyIntolerance',
        type: 'allergy',
        criticality: 'high',
        reaction: [{ manifestation: [{ coding: [{ system: SNOMED, code: '39579001', display: 'Anaphylaxis' }] }] }],
        code: { coding: [{ system: SNOMED, code: '373270004', display: 'Penicillin' }], text: 'Penicillin' },
      }),
      entry('a2', { resourceType: 'AllergyIntolerance', type: 'intolerance', code: { text: 'Lactose' } }),
      entry('a3', {
        resourceType: 'AllergyIntolerance',
        type: 'allergy',
        criticality: 'high',
        code: { text: 'Latex' },
      }),
      entry('m1', {
        resourceType: 'MedicationStatement',
        medicationCodeableConcept: { text: 'Apixaban 5 mg twice daily' },
      }),
      entry('m2', { resourceType: 'MedicationStatement', medicationReference: { reference: 'Medication/ins' } }),
      {
        fullUrl: 'https://example.test/Medication/ins',
        resource: { resourceType: 'Medication', id: 'ins', code: { coding: [{ display: 'Insulin aspart' }] } },
      },
      entry('p1', { resourceType: 'Condition', code: { coding: [{ system: ABSENT, code: 'no-known-problems' }] } }),
    ],
  };
}

/** A fresh link key: 32 random bytes, base64url. */
export const aLinkKey = () => base64url.encode(crypto.getRandomValues(new Uint8Array(32)));

/** The JWE a reader gets: the bundle encrypted with the link's key, as the records service does it. */
export async function encryptFile(bundle: unknown, key: string): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(bundle)))
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', cty: 'application/fhir+json' })
    .encrypt(base64url.decode(key));
}

/** The viewer's address for a payload, as the QR encodes it. */
export function viewerRoute(payload: ShlinkPayload, query = ''): string {
  return `/shl${query}#${encodeShlink(payload)}`;
}
