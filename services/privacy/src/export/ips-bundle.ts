import {
  type AllergySeverity,
  type CodedField,
  type ExportedRecord,
  type PublicUser,
  type RecordEntry,
  recordEntries,
  severitiesByEntry,
  severityOf,
  SNOMED_CT,
} from '@medical-qr/contracts';

/**
 * An HL7 FHIR R4 International Patient Summary of the person's current record, so another health app can read it:
 * a document Bundle whose Composition has IPS's three required sections (allergies, medications, problems), each
 * with entries, and "none known" (IPS's absent-unknown codes) where the person wrote nothing. An entry that names a
 * listed term carries its SNOMED CT coding beside the text as written; the person's own words stay text only. An
 * allergy with a severity said carries its type, its criticality when serious, and anaphylaxis as its reaction.
 */

const LOINC = 'http://loinc.org';
const ABSENT_UNKNOWN = 'http://hl7.org/fhir/uv/ips/CodeSystem/absent-unknown-uv-ips';
const IPS_PROFILE = 'http://hl7.org/fhir/uv/ips/StructureDefinition';

/** IPS's required sections, by their LOINC codes. */
export const IpsSections = {
  allergies: { code: '48765-2', title: 'Allergies and Intolerances', absent: 'no-known-allergies' },
  medications: { code: '10160-0', title: 'Medication Summary', absent: 'no-known-medications' },
  problems: { code: '11450-4', title: 'Problem List', absent: 'no-known-problems' },
} as const;

type FhirResource = Record<string, unknown> & { resourceType: string };
interface Entry {
  fullUrl: string;
  resource: FhirResource;
}

/** An entry as a CodeableConcept: the text as written and, for a listed term, its coding named in English. */
export function entryConcept(entry: RecordEntry) {
  if (!entry.term) return { text: entry.text };
  return { coding: [{ system: SNOMED_CT, code: entry.term.code, display: entry.term.names.en }], text: entry.text };
}

/** SNOMED CT's "Anaphylaxis" (disorder), the reaction an anaphylaxis severity names. */
const ANAPHYLAXIS = { system: SNOMED_CT, code: '39579001', display: 'Anaphylaxis' };

/** What an allergy's severity says in FHIR's AllergyIntolerance; nothing when none was said. */
export function allergySeverityFields(severity: AllergySeverity | undefined) {
  if (!severity) return {};
  if (severity === 'intolerance') return { type: 'intolerance' };
  return {
    type: 'allergy',
    criticality: 'high',
    ...(severity === 'anaphylaxis'
      ? { reaction: [{ manifestation: [{ coding: [ANAPHYLAXIS], text: 'Anaphylaxis' }], severity: 'severe' }] }
      : {}),
  };
}

const narrative = (lines: string[]) => ({
  status: 'generated',
  div: `<div xmlns="http://www.w3.org/1999/xhtml"><ul>${lines.map((line) => `<li>${escapeXml(line)}</li>`).join('')}</ul></div>`,
});

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const fhirGender = (gender: string) =>
  gender === 'male' || gender === 'female' ? gender : gender === 'other' ? 'other' : 'unknown';

export function ipsBundle(
  account: PublicUser,
  record: ExportedRecord | undefined,
  now: Date,
  newId: () => string = () => crypto.randomUUID(),
) {
  const url = () => `urn:uuid:${newId()}`;
  const patientUrl = url();
  const subject = { reference: patientUrl };
  const patient: FhirResource = {
    resourceType: 'Patient',
    meta: { profile: [`${IPS_PROFILE}/Patient-uv-ips`] },
    name: [{ family: record?.lastName || account.lastName, given: [record?.firstName || account.firstName] }],
    gender: fhirGender(record?.gender ?? ''),
    // IPS asks for a birth date: the one the person gave, else "unknown" said as FHIR says it.
    ...(record?.dateOfBirth
      ? { birthDate: record.dateOfBirth }
      : {
          _birthDate: {
            extension: [{ url: 'http://hl7.org/fhir/StructureDefinition/data-absent-reason', valueCode: 'unknown' }],
          },
        }),
    telecom: [
      { system: 'email', value: record?.email || account.email },
      ...(record?.phoneNumber ? [{ system: 'phone', value: record.phoneNumber }] : []),
    ],
  };

  const absent = (code: string) => ({ coding: [{ system: ABSENT_UNKNOWN, code }] });
  const severities = severitiesByEntry(record?.allergySeverities);
  const allergyEntries = (items: RecordEntry[]): Entry[] =>
    (items.length
      ? items.map((item) => ({ code: entryConcept(item), severity: severityOf(item.text, severities) }))
      : [{ code: absent(IpsSections.allergies.absent), severity: undefined }]
    ).map(({ code, severity }) => ({
      fullUrl: url(),
      resource: {
        resourceType: 'AllergyIntolerance',
        meta: { profile: [`${IPS_PROFILE}/AllergyIntolerance-uv-ips`] },
        clinicalStatus: {
          coding: [{ system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical', code: 'active' }],
        },
        ...allergySeverityFields(severity),
        code,
        patient: subject,
      },
    }));
  const medicationEntries = (items: RecordEntry[]): Entry[] =>
    (items.length ? items.map(entryConcept) : [absent(IpsSections.medications.absent)]).map((code) => ({
      fullUrl: url(),
      resource: {
        resourceType: 'MedicationStatement',
        meta: { profile: [`${IPS_PROFILE}/MedicationStatement-uv-ips`] },
        status: 'active',
        medicationCodeableConcept: code,
        subject,
        effectivePeriod: { start: record?.createdAt ?? now.toISOString() },
      },
    }));
  const problemEntries = (items: RecordEntry[]): Entry[] =>
    (items.length ? items.map(entryConcept) : [absent(IpsSections.problems.absent)]).map((code) => ({
      fullUrl: url(),
      resource: {
        resourceType: 'Condition',
        meta: { profile: [`${IPS_PROFILE}/Condition-uv-ips`] },
        clinicalStatus: {
          coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'active' }],
        },
        code,
        subject,
      },
    }));

  const entriesOf = (field: CodedField) => recordEntries(record?.[field] ?? '', field);
  const allergies = entriesOf('allergies');
  const medications = entriesOf('medications');
  const problems = entriesOf('medicalConditions');
  const sections = [
    { ...IpsSections.allergies, items: allergies, entries: allergyEntries(allergies) },
    { ...IpsSections.medications, items: medications, entries: medicationEntries(medications) },
    { ...IpsSections.problems, items: problems, entries: problemEntries(problems) },
  ];
  const composition: FhirResource = {
    resourceType: 'Composition',
    meta: { profile: [`${IPS_PROFILE}/Composition-uv-ips`] },
    status: 'final',
    type: { coding: [{ system: LOINC, code: '60591-5', display: 'Patient summary Document' }] },
    subject,
    date: now.toISOString(),
    author: [{ display: 'Medical QR (entered by the patient)' }],
    title: 'International Patient Summary',
    section: sections.map((section) => ({
      title: section.title,
      code: { coding: [{ system: LOINC, code: section.code }] },
      text: narrative(section.items.length ? section.items.map((item) => item.text) : ['None known']),
      entry: section.entries.map((entry) => ({ reference: entry.fullUrl })),
    })),
  };

  return {
    resourceType: 'Bundle',
    identifier: { system: 'urn:ietf:rfc:3986', value: url() },
    type: 'document',
    timestamp: now.toISOString(),
    entry: [
      { fullUrl: url(), resource: composition },
      { fullUrl: patientUrl, resource: patient },
      ...sections.flatMap((section) => section.entries),
    ],
  };
}
