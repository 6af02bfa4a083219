import { ipsRecord } from '../../../../test/support/ips-records.js';
import { type IpsRecord, IpsSections, ipsBundle } from './ips-bundle.js';

const SNOMED = 'http://snomed.info/sct';
const ABSENT_UNKNOWN = 'http://hl7.org/fhir/uv/ips/CodeSystem/absent-unknown-uv-ips';

const account = { firstName: 'Amara', lastName: 'Okafor', email: 'amara@example.com' };

const resources = (bundle: ReturnType<typeof ipsBundle>, type?: string) =>
  bundle.entry.map((entry) => entry.resource as any).filter((resource) => !type || resource.resourceType === type);
const composition = (bundle: ReturnType<typeof ipsBundle>) => bundle.entry[0]!.resource as any;
/** A section by its LOINC code, with the resources its entries point at. */
const section = (bundle: ReturnType<typeof ipsBundle>, code: string) => {
  const found = composition(bundle).section.find((candidate: any) => candidate.code.coding[0].code === code);
  if (!found) return undefined;
  const byUrl = new Map(bundle.entry.map((entry) => [entry.fullUrl, entry.resource as any]));
  return { ...found, resources: found.entry.map((entry: any) => byUrl.get(entry.reference)) };
};
const build = (overrides: Partial<IpsRecord>) => ipsBundle({ record: ipsRecord(overrides), now: new Date() });

describe('the International Patient Summary of a record', () => {
  it('codes entries that name a listed term with SNOMED CT beside the text as written, own words as text only', () => {
    const bundle = build({
      allergies: "Penicilina; peanuts, my cat's hair\nbee stings (wasps, hornets)",
      medications: 'Eliquis, Levothyroxine 75 mcg',
      medicalConditions: 'TYPE 1 DIABETES',
    });
    const concepts = (type: string) =>
      resources(bundle, type).map((resource) => resource.code ?? resource.medicationCodeableConcept);
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
    // The narrative keeps what the person wrote, with the listed term's English name when written otherwise.
    expect(section(bundle, IpsSections.allergies.code).text.div).toContain(
      '<li>Penicilina (Penicillin)</li><li>peanuts</li>',
    );
    expect(section(bundle, IpsSections.problems.code).text.div).toContain('<li>TYPE 1 DIABETES</li>');
  });

  it('gives an allergy its severity: intolerance as its type, severe as high criticality, anaphylaxis as its reaction', () => {
    const bundle = build({
      allergies: 'Penicillin, peanuts, lactose, latex',
      allergySeverities: [
        { entry: 'Penicillin', severity: 'anaphylaxis' },
        { entry: 'Peanuts', severity: 'severe' },
        { entry: 'lactose', severity: 'intolerance' },
      ],
    });
    const allergies = resources(bundle, 'AllergyIntolerance').map(({ code, type, criticality, reaction }) => ({
      text: code.text,
      type,
      criticality,
      reaction,
    }));
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
    expect(section(bundle, IpsSections.allergies.code).text.div).toContain(
      '<li>Penicillin: Anaphylaxis</li><li>peanuts: Severe</li><li>lactose: Intolerance</li><li>latex</li>',
    );
  });

  it('tells "none known" from a field left blank, with IPS absent-unknown codes, in the required sections', () => {
    const bundle = build({ allergies: 'None known', medicalConditions: 'Nil' });
    const coded = (code: string) =>
      section(bundle, code).resources.map((resource: any) => {
        const concept = resource.code ?? resource.medicationCodeableConcept;
        return concept.coding[0].system === ABSENT_UNKNOWN ? concept.coding[0].code : concept;
      });
    expect([
      coded(IpsSections.allergies.code),
      coded(IpsSections.medications.code),
      coded(IpsSections.problems.code),
    ]).toEqual([['no-known-allergies'], ['no-medication-info'], ['no-known-problems']]);
    expect(section(bundle, IpsSections.allergies.code).text.div).toContain('<li>No known allergies</li>');
    expect(section(bundle, IpsSections.medications.code).text.div).toContain(
      '<li>No information about medications</li>',
    );
    // "None" beside real entries is dropped: the entries say it.
    expect(resources(build({ allergies: 'none, latex' }), 'AllergyIntolerance').map((a) => a.code.text)).toEqual([
      'latex',
    ]);
  });

  it('escapes what the person wrote in every narrative', () => {
    const bundle = build({
      medicalConditions: 'Asthma <severe> & "brittle"',
      careDirectives: "<script>alert('x')</script>",
    });
    expect(section(bundle, IpsSections.problems.code).text.div).toContain(
      '<li>Asthma &#60;severe&#62; &#38; &#34;brittle&#34;</li>',
    );
    expect(section(bundle, IpsSections.alerts.code).text.div).not.toContain('<script>');
  });

  it('states each resuscitation wish as an advance directive, and writes no section when none is stated', () => {
    const directives = (overrides: Partial<IpsRecord>) => section(build(overrides), IpsSections.advanceDirectives.code);
    expect(directives({ resuscitationStatus: 'not_stated' })).toBeUndefined();

    const dnr = directives({ resuscitationStatus: 'dnr' });
    expect(dnr.resources).toEqual([
      expect.objectContaining({
        resourceType: 'Consent',
        status: 'active',
        scope: { coding: [expect.objectContaining({ code: 'adr' })] },
        category: [
          {
            coding: [
              expect.objectContaining({ code: 'dnr' }),
              { system: SNOMED, code: '304253006', display: 'Not for resuscitation' },
            ],
            text: 'Do not resuscitate (DNR)',
          },
        ],
      }),
    ]);
    expect(dnr.text.div).toContain('<li>Do not resuscitate (DNR)</li>');

    const full = directives({ resuscitationStatus: 'full' });
    expect(full.resources[0].category[0].coding).toEqual([
      { system: SNOMED, code: '304252001', display: 'For resuscitation' },
    ]);
    expect(full.text.div).toContain('<li>Full resuscitation</li>');

    const written = directives({ resuscitationStatus: 'directive', directiveLocation: 'Signed form in the wallet' });
    expect(written.resources[0]).toMatchObject({
      category: [{ coding: [expect.objectContaining({ code: 'acd' })], text: 'Advance directive exists' }],
      sourceAttachment: { title: 'Where it is kept: Signed form in the wallet' },
    });
    expect(written.text.div).toContain(
      '<li>Advance directive exists. Where it is kept: Signed form in the wallet</li>',
    );
  });

  it('states organ donation, when said, as an advance directive permitted or refused', () => {
    const donation = (organDonor: boolean | null) =>
      section(build({ organDonor }), IpsSections.advanceDirectives.code)?.resources.map((consent: any) => [
        consent.category[0].text,
        consent.provision.type,
      ]);
    expect(donation(true)).toEqual([['Organ donor', 'permit']]);
    expect(donation(false)).toEqual([['Not an organ donor', 'deny']]);
    expect(donation(null)).toBeUndefined();
  });

  it("alerts a clinician to the owner's instructions and to an interpreter needed, with the languages spoken", () => {
    const bundle = build({
      careDirectives: 'No needles in the left arm',
      interpreterNeeded: true,
      languagesSpoken: 'Spanish, Quechua',
    });
    const alerts = section(bundle, IpsSections.alerts.code);
    expect(alerts.resources.map((flag: any) => [flag.resourceType, flag.status, flag.code.text])).toEqual([
      ['Flag', 'active', 'Instructions for responders: No needles in the left arm'],
      ['Flag', 'active', 'Interpreter needed. Speaks: Spanish, Quechua'],
    ]);
    expect(alerts.text.div).toContain('<li>Interpreter needed. Speaks: Spanish, Quechua</li>');
    const patient = resources(bundle, 'Patient')[0];
    expect(patient.communication).toEqual([{ language: { text: 'Spanish' } }, { language: { text: 'Quechua' } }]);
    // No interpreter needed and no instructions: nothing to alert to.
    expect(section(build({ interpreterNeeded: false, languagesSpoken: 'English' }), IpsSections.alerts.code)).toBe(
      undefined,
    );
  });

  it('lists devices in the medical devices section, each statement pointing at its coded device', () => {
    const bundle = build({ devices: 'Pacemaker; insulin pump on the belt' });
    const devices = section(bundle, IpsSections.devices.code);
    const byUrl = new Map(bundle.entry.map((entry) => [entry.fullUrl, entry.resource as any]));
    expect(
      devices.resources.map((statement: any) => [statement.resourceType, byUrl.get(statement.device.reference).type]),
    ).toEqual([
      [
        'DeviceUseStatement',
        { coding: [{ system: SNOMED, code: '14106009', display: 'Pacemaker' }], text: 'Pacemaker' },
      ],
      ['DeviceUseStatement', { text: 'insulin pump on the belt' }],
    ]);
    expect(section(build({ devices: '' }), IpsSections.devices.code)).toBeUndefined();
  });

  it('names the patient from the record, falls back to the account, and states the unknown birth date', () => {
    const patient = (bundle: ReturnType<typeof ipsBundle>) => resources(bundle, 'Patient')[0];
    expect(patient(ipsBundle({ record: ipsRecord(), account, now: new Date() }))).toMatchObject({
      name: [{ family: 'Vasquez', given: ['Imogen'] }],
      gender: 'unknown',
      _birthDate: { extension: [{ valueCode: 'unknown' }] },
    });
    expect(patient(ipsBundle({ record: null, account, now: new Date() })).name).toEqual([
      { family: 'Okafor', given: ['Amara'] },
    ]);
    // The record alone is enough.
    expect(patient(ipsBundle({ record: ipsRecord(), now: new Date() })).telecom).toEqual([
      { system: 'email', value: 'imogen@example.com' },
    ]);
  });

  it("gives the birth date the person entered, and their emergency contacts as the patient's contacts", () => {
    const patient = resources(
      build({
        dateOfBirth: '1979-03-14',
        emergencyContacts: [{ name: 'Bartholomew Quist', phone: '+1 503 555 0101', relationship: 'Brother' }],
      }),
      'Patient',
    )[0];
    expect({ birthDate: patient.birthDate, absent: patient._birthDate, contact: patient.contact }).toEqual({
      birthDate: '1979-03-14',
      absent: undefined,
      contact: [
        {
          relationship: [
            {
              coding: [
                { system: 'http://terminology.hl7.org/CodeSystem/v2-0131', code: 'C', display: 'Emergency Contact' },
              ],
              text: 'Brother',
            },
          ],
          name: { text: 'Bartholomew Quist' },
          telecom: [{ system: 'phone', value: '+1 503 555 0101' }],
        },
      ],
    });
  });
});
