import type { ExportedRecord, PublicUser } from '@medical-qr/contracts';
import { IpsSections, ipsBundle } from './ips-bundle.js';

const SNOMED = 'http://snomed.info/sct';

const account = { firstName: 'Amara', lastName: 'Okafor', email: 'amara@example.com' } as PublicUser;
const record = (overrides: Partial<ExportedRecord> = {}) =>
  ({
    firstName: 'Imogen',
    lastName: 'Vasquez',
    email: 'imogen@example.com',
    phoneNumber: null,
    gender: 'prefer_not_to_say',
    allergies: '',
    medications: '',
    medicalConditions: '',
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  }) as ExportedRecord;

describe('the International Patient Summary of a record', () => {
  it('codes entries that name a listed term with SNOMED CT beside the text as written, own words as text only', () => {
    const bundle = ipsBundle(
      account,
      record({
        allergies: "Penicilina; peanuts, my cat's hair\nbee stings (wasps, hornets)",
        medications: 'Eliquis, Levothyroxine 75 mcg',
        medicalConditions: 'TYPE 1 DIABETES',
      }),
      new Date(),
      () => 'id',
    );
    const concepts = (type: string) =>
      bundle.entry
        .map((entry) => entry.resource as any)
        .filter((resource) => resource.resourceType === type)
        .map((resource) => resource.code ?? resource.medicationCodeableConcept);
    expect(concepts('AllergyIntolerance')).toEqual([
      { coding: [{ system: SNOMED, code: '764146007', display: 'Penicillin' }], text: 'Penicilina' },
      { coding: [{ system: SNOMED, code: '762952008', display: 'Peanuts' }], text: 'peanuts' },
      { text: "my cat's hair" },
      { text: 'bee stings (wasps, hornets)' },
    ]);
    expect(concepts('MedicationStatement')).toEqual([
      { coding: [{ system: SNOMED, code: '698090000', display: 'Apixaban' }], text: 'Eliquis' },
      { text: 'Levothyroxine 75 mcg' },
    ]);
    expect(concepts('Condition')).toEqual([
      { coding: [{ system: SNOMED, code: '46635009', display: 'Type 1 diabetes' }], text: 'TYPE 1 DIABETES' },
    ]);
    // The narrative keeps what the person wrote.
    const composition = bundle.entry[0]!.resource as any;
    expect(composition.section[0].text.div).toContain('<li>Penicilina</li>');
  });

  it('gives an allergy its severity: intolerance as its type, severe as high criticality, anaphylaxis as its reaction', () => {
    const bundle = ipsBundle(
      account,
      record({
        allergies: 'Penicillin, peanuts, lactose, latex',
        allergySeverities: [
          { entry: 'Penicillin', severity: 'anaphylaxis' },
          { entry: 'Peanuts', severity: 'severe' },
          { entry: 'lactose', severity: 'intolerance' },
        ],
      }),
      new Date(),
      () => 'id',
    );
    const allergies = bundle.entry
      .map((entry) => entry.resource as any)
      .filter((resource) => resource.resourceType === 'AllergyIntolerance')
      .map(({ code, type, criticality, reaction }) => ({ text: code.text, type, criticality, reaction }));
    expect(allergies).toEqual([
      {
        text: 'Penicillin',
        type: 'allergy',
        criticality: 'high',
        reaction: [
          {
            manifestation: [
              { coding: [{ system: SNOMED, code: '39579001', display: 'Anaphylaxis' }], text: 'Anaphylaxis' },
            ],
            severity: 'severe',
          },
        ],
      },
      { text: 'peanuts', type: 'allergy', criticality: 'high', reaction: undefined },
      { text: 'lactose', type: 'intolerance', criticality: undefined, reaction: undefined },
      // No severity said: neither type nor criticality is guessed.
      { text: 'latex', type: undefined, criticality: undefined, reaction: undefined },
    ]);
  });

  it('says "none known" with IPS codes for every empty section, and escapes text in the narrative', () => {
    const bundle = ipsBundle(account, record({ medicalConditions: 'Asthma <severe>' }), new Date(), () => 'id');
    const composition = bundle.entry[0]!.resource as any;
    const codes = composition.section.map((section: any) => section.code.coding[0].code);
    expect(codes).toEqual([IpsSections.allergies.code, IpsSections.medications.code, IpsSections.problems.code]);
    expect(composition.section[0].text.div).toContain('None known');
    expect(composition.section[2].text.div).toContain('Asthma &#60;severe&#62;');
    const coded = bundle.entry
      .map((entry) => entry.resource as any)
      .flatMap((resource) => resource.code?.coding ?? resource.medicationCodeableConcept?.coding ?? [])
      .map((coding: { code: string }) => coding.code);
    expect(coded).toEqual(['no-known-allergies', 'no-known-medications']);
  });

  it('names the patient from the record, falls back to the account, and states the unknown birth date', () => {
    const patient = (bundle: ReturnType<typeof ipsBundle>) =>
      bundle.entry.find((entry) => entry.resource.resourceType === 'Patient')!.resource as any;
    expect(patient(ipsBundle(account, record(), new Date()))).toMatchObject({
      name: [{ family: 'Vasquez', given: ['Imogen'] }],
      gender: 'unknown',
      _birthDate: { extension: [{ valueCode: 'unknown' }] },
    });
    expect(patient(ipsBundle(account, undefined, new Date())).name).toEqual([{ family: 'Okafor', given: ['Amara'] }]);
  });

  it('gives the birth date the person entered', () => {
    const patient = ipsBundle(account, { ...record(), dateOfBirth: '1979-03-14' }, new Date()).entry.find(
      (entry) => entry.resource.resourceType === 'Patient',
    )!.resource as any;
    expect({ birthDate: patient.birthDate, absent: patient._birthDate }).toEqual({
      birthDate: '1979-03-14',
      absent: undefined,
    });
  });
});
