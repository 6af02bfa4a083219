import { ipsRecord } from '../../../../test/support/ips-records.js';
import { ipsProblems } from '../../../../test/support/ips-validation.js';
import { RESUSCITATION_STATUSES } from '../medical-labels.js';
import { type IpsRecord, IpsSections, ipsBundle } from './ips-bundle.js';

// Every summary we write passes FHIR R4's structure definitions and IPS's document rules, as an outside reader checks
// them (test/support/ips-validation.ts, which shares no code with the builder); and that check does fail a bad one.

const now = new Date('2026-11-20T08:30:00.000Z');
const emptyRecord: IpsRecord = ipsRecord({ gender: 'unspecified' });
const fullRecord: IpsRecord = {
  ...emptyRecord,
  phoneNumber: '+1 503 555 0199',
  gender: 'female',
  dateOfBirth: '1979-03-14',
  allergies: 'Penicillin, peanuts; lactose\nlatex, my cat',
  allergySeverities: [
    { entry: 'Penicillin', severity: 'anaphylaxis' },
    { entry: 'peanuts', severity: 'severe' },
    { entry: 'lactose', severity: 'intolerance' },
  ],
  medications: 'Eliquis, Levothyroxine 75 mcg',
  medicalConditions: 'Type 1 diabetes, epilepsy (since 2010)',
  devices: 'Pacemaker, insulin pump',
  careDirectives: 'No needles in the left arm: lymph nodes removed',
  languagesSpoken: 'Spanish, Quechua',
  interpreterNeeded: true,
  organDonor: true,
  resuscitationStatus: 'directive',
  directiveLocation: 'Signed form in the wallet, front pocket',
  factsCheckedAt: '2026-11-15T09:00:00.000Z',
  emergencyContacts: [
    { name: 'Bartholomew Quist', phone: '+1 503 555 0101', relationship: 'Brother' },
    { name: 'Dr. Lee', phone: '+1 503 555 0102', relationship: '' },
  ],
};

const records: Array<[string, IpsRecord]> = [
  ['an empty record', emptyRecord],
  ['a full record', fullRecord],
  ...RESUSCITATION_STATUSES.map((status): [string, IpsRecord] => [
    `resuscitation ${status}`,
    { ...fullRecord, resuscitationStatus: status, organDonor: false, directiveLocation: '' },
  ]),
  ['"none known" in every field', { ...emptyRecord, allergies: 'None known', medications: 'none', devices: 'None' }],
  ['an interpreter needed, no languages said', { ...emptyRecord, interpreterNeeded: true }],
  [
    'non-Latin text',
    {
      ...fullRecord,
      firstName: 'Мария',
      lastName: '山田',
      allergies: 'ペニシリン, الفول السوداني',
      medicalConditions: 'मधुमेह',
      careDirectives: 'Не колоть левую руку 🩺',
      languagesSpoken: 'Русский, 日本語',
    },
  ],
  [
    'markup characters',
    {
      ...fullRecord,
      lastName: "O'Brien <b>&amp;</b>",
      allergies: '<script>alert("x")</script>, A & B',
      medications: "Insulin 'rapid' > 5 units",
      medicalConditions: '</div><div>',
      devices: '<pump "x">',
      careDirectives: '&nbsp; <!-- not a comment --> ]]>',
      directiveLocation: '<kept> & "signed"',
    },
  ],
];

describe('the International Patient Summary as an outside reader validates it', () => {
  it.each(records)('is a valid FHIR R4 IPS document for %s', (_, record) => {
    expect(ipsProblems(ipsBundle({ record, now }))).toEqual([]);
  });

  it('is valid for an account without a record', () => {
    const account = { firstName: 'Amara', lastName: 'Okafor', email: 'amara@example.com' };
    expect(ipsProblems(ipsBundle({ record: null, account, now }))).toEqual([]);
  });

  it('writes every section the full record has facts for', () => {
    const codes = (ipsBundle({ record: fullRecord, now }).entry[0]!.resource as any).section.map(
      (section: any) => section.code.coding[0].code,
    );
    expect(codes).toEqual(Object.values(IpsSections).map((section) => section.code));
  });
});

describe('the check finds what is wrong', () => {
  /** The full record's summary, changed by `breakIt`. */
  const broken = (breakIt: (bundle: any, byType: (type: string) => any) => void) => {
    const bundle: any = ipsBundle({ record: fullRecord, now });
    breakIt(bundle, (type) => bundle.entry.find((entry: any) => entry.resource.resourceType === type).resource);
    return ipsProblems(bundle);
  };
  const sectionOf = (bundle: any, code: string) =>
    bundle.entry[0].resource.section.find((section: any) => section.code.coding[0].code === code);

  it.each([
    [
      'a required section missing',
      (bundle: any) => {
        const composition = bundle.entry[0].resource;
        composition.section = composition.section.filter((s: any) => s.code.coding[0].code !== '10160-0');
      },
      'the medications section (LOINC 10160-0) is missing',
    ],
    [
      'a value outside its value set',
      (_: any, byType: (type: string) => any) => (byType('Flag').status = 'on'),
      'Flag.status: Code "on" not found in value set',
    ],
    [
      'an element R4 does not have',
      (_: any, byType: (type: string) => any) => (byType('Patient').nickname = 'Immy'),
      'Patient.nickname: Unexpected property',
    ],
    [
      'a required element left out',
      (_: any, byType: (type: string) => any) => delete byType('Consent').scope,
      'Consent.scope: Missing property',
    ],
    [
      'a section without narrative',
      (bundle: any) => delete sectionOf(bundle, '48765-2').text,
      'section 48765-2 has no narrative',
    ],
    [
      'markup in a narrative',
      (bundle: any) =>
        (sectionOf(bundle, '11450-4').text.div = sectionOf(bundle, '11450-4').text.div.replace('<li>', '<li><script>')),
      'section 11450-4: the narrative has a <script>',
    ],
    [
      'an entry the narrative does not say',
      (_: any, byType: (type: string) => any) => (byType('Condition').code.text = 'Asthma'),
      'section 11450-4: the narrative does not say "Asthma"',
    ],
    [
      'a section entry pointing outside the bundle',
      (bundle: any) => (sectionOf(bundle, '104605-1').entry[0].reference = 'urn:uuid:elsewhere'),
      'the reference urn:uuid:elsewhere names no entry of the bundle',
    ],
    [
      'a subject that is not a Patient',
      (bundle: any) => (bundle.entry[0].resource.subject.reference = bundle.entry[2].fullUrl),
      'is not a Patient of the bundle',
    ],
    [
      'a section both empty and not',
      (bundle: any) => (sectionOf(bundle, '48765-2').emptyReason = { text: 'Unavailable' }),
      'section 48765-2 has entries and an emptyReason',
    ],
    [
      'a listed term coded outside SNOMED CT',
      (_: any, byType: (type: string) => any) =>
        (byType('MedicationStatement').medicationCodeableConcept.coding[0].system = 'http://www.whocc.no/atc'),
      'a MedicationStatement is coded without SNOMED CT',
    ],
    [
      'a SNOMED CT id with a wrong check digit',
      (_: any, byType: (type: string) => any) => (byType('AllergyIntolerance').code.coding[0].code = '764146008'),
      '764146008 is not a SNOMED CT id',
    ],
    [
      'a document that is not one',
      (bundle: any) => {
        bundle.type = 'collection';
        delete bundle.identifier;
      },
      'Bundle.type is "collection", not "document"',
    ],
  ])('reports %s', (_, breakIt, expected) => {
    const problems = broken(breakIt);
    expect(problems.some((problem) => problem.includes(expected))).toBe(true);
  });

  it('reports the first entry when it is not the Composition', () => {
    const bundle: any = ipsBundle({ record: fullRecord, now });
    bundle.entry.reverse();
    expect(ipsProblems(bundle)).toContain('the first entry is not a Composition');
    expect(ipsProblems({ resourceType: 'Patient' })).toEqual(['not a FHIR Bundle']);
  });
});
