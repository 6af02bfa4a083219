import { severitiesByEntry, severityOf } from '../allergy-severity.js';
import type { PublicUser } from '../current-user.js';
import {
  ALLERGY_SEVERITY_LABELS,
  type AllergySeverity,
  RESUSCITATION_LABELS,
  type ResuscitationStatus,
} from '../medical-labels.js';
import { type CodedField, comparableText, splitEntries } from '../medical-terms/entry-text.js';
import { SNOMED_CT } from '../medical-terms/medical-term.js';
import { type RecordEntry, recordEntries } from '../medical-terms/term-lookup.js';
import type { EmergencyContact, ExportedRecord } from '../records.js';
import { narrative } from './narrative.js';

/**
 * An HL7 FHIR R4 International Patient Summary of the person's current record, so another health app can read it: the
 * export's file and the document a SMART Health Link carries. A document Bundle whose Composition has IPS's three
 * required sections (allergies, medications, problems), and the optional ones the record has something for: medical
 * devices, advance directives (resuscitation wishes, organ donation) and alerts (the owner's instructions to
 * responders, an interpreter needed). Every section lists its entries in words (its narrative) as well as in
 * resources. An entry that names a listed term carries its SNOMED CT coding beside the text as written; the person's
 * own words stay text only. What each record field becomes, and why: docs/decisions.md, step 18.
 */

const LOINC = 'http://loinc.org';
const ABSENT_UNKNOWN = 'http://hl7.org/fhir/uv/ips/CodeSystem/absent-unknown-uv-ips';
const IPS_PROFILE = 'http://hl7.org/fhir/uv/ips/StructureDefinition';
const CONSENT_SCOPE = 'http://terminology.hl7.org/CodeSystem/consentscope';
const CONSENT_CATEGORY = 'http://terminology.hl7.org/CodeSystem/consentcategorycodes';
const FLAG_CATEGORY = 'http://terminology.hl7.org/CodeSystem/flag-category';
const CONTACT_ROLE = 'http://terminology.hl7.org/CodeSystem/v2-0131';

/** IPS's sections this document writes, by their LOINC codes; the first three are required in every IPS. */
export const IpsSections = {
  allergies: {
    code: '48765-2',
    display: 'Allergies and adverse reactions Document',
    title: 'Allergies and Intolerances',
  },
  medications: { code: '10160-0', display: 'History of Medication use Narrative', title: 'Medication Summary' },
  problems: { code: '11450-4', display: 'Problem list - Reported', title: 'Problem List' },
  devices: { code: '46264-8', display: 'History of medical device use', title: 'Medical Devices' },
  advanceDirectives: { code: '42348-3', display: 'Advance healthcare directives', title: 'Advance Directives' },
  alerts: { code: '104605-1', display: 'Alert', title: 'Alerts' },
} as const;

/**
 * A required section the person wrote no entry in still has one: IPS's absent-unknown code. Blank is "no information"
 * (the form asks people to write "None known", so a blank field is not an answer); "None known" and the like are "no
 * known ...". We say it with an entry rather than `section.emptyReason`: IPS 1.x wants at least one entry in these
 * three sections (the absent-unknown codes are how it says "none"), and IPS 2.0 takes an entry or an emptyReason
 * (ips-comp-1), so an entry is valid under both where emptyReason fails 1.x readers.
 */
const ABSENT = {
  allergies: {
    noneKnown: { code: 'no-known-allergies', display: 'No known allergies' },
    notStated: { code: 'no-allergy-info', display: 'No information about allergies' },
  },
  medications: {
    noneKnown: { code: 'no-known-medications', display: 'No known medications' },
    notStated: { code: 'no-medication-info', display: 'No information about medications' },
  },
  medicalConditions: {
    noneKnown: { code: 'no-known-problems', display: 'No known problems' },
    notStated: { code: 'no-problem-info', display: 'No information about problems' },
  },
} as const;

/** What people write for "none" in a field, case, accents and spacing aside: an answer, not an entry. */
const NONE_KNOWN: Record<CodedField, ReadonlySet<string>> = (() => {
  const none = ['none', 'none known', 'nil', 'nil known', 'nothing'];
  return {
    allergies: new Set([...none, 'no known allergies', 'no allergies', 'nka', 'nkda']),
    medications: new Set([...none, 'no medications', 'no medication', 'no known medications']),
    medicalConditions: new Set([...none, 'no conditions', 'no known conditions', 'no medical conditions']),
    devices: new Set([...none, 'no devices', 'no implants']),
  };
})();

/**
 * The record facts the summary is made of: what the owner's record (`MedicalRecord`, `ExportedRecord`) holds. The
 * date of birth, severities, contacts and when the facts were last confirmed may be missing from older records.
 */
export type IpsRecord = Pick<
  ExportedRecord,
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phoneNumber'
  | 'gender'
  | 'allergies'
  | 'medicalConditions'
  | 'medications'
  | 'devices'
  | 'careDirectives'
  | 'languagesSpoken'
  | 'organDonor'
  | 'resuscitationStatus'
  | 'directiveLocation'
  | 'interpreterNeeded'
  | 'createdAt'
> &
  Partial<Pick<ExportedRecord, 'allergySeverities' | 'dateOfBirth' | 'factsCheckedAt'>> & {
    emergencyContacts?: ReadonlyArray<Pick<EmergencyContact, 'name' | 'phone' | 'relationship'>>;
  };
/** Names the patient when there is no record (an account without one exports a summary of nothing known). */
export type IpsAccount = Pick<PublicUser, 'firstName' | 'lastName' | 'email'>;

export type IpsSource =
  { record: IpsRecord; account?: IpsAccount } | { record?: IpsRecord | null; account: IpsAccount };

export type FhirResource = Record<string, unknown> & { resourceType: string };
export type IpsBundleEntry = { fullUrl: string; resource: FhirResource };
export type IpsBundle = {
  resourceType: 'Bundle';
  identifier: { system: string; value: string };
  type: 'document';
  timestamp: string;
  entry: IpsBundleEntry[];
};

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

/**
 * Resuscitation wishes as an advance directive's category: FHIR's consent category where it has one (DNR, advance
 * directive) and SNOMED CT's findings "Not for resuscitation" and "For resuscitation".
 */
const RESUSCITATION_CODINGS: Record<Exclude<ResuscitationStatus, 'not_stated'>, object[]> = {
  dnr: [
    { system: CONSENT_CATEGORY, code: 'dnr', display: 'Do Not Resuscitate' },
    { system: SNOMED_CT, code: '304253006', display: 'Not for resuscitation' },
  ],
  full: [{ system: SNOMED_CT, code: '304252001', display: 'For resuscitation' }],
  directive: [{ system: CONSENT_CATEGORY, code: 'acd', display: 'Advance Directive' }],
};

const fhirGender = (gender: string) =>
  gender === 'male' || gender === 'female' || gender === 'other' ? gender : 'unknown';

/** A field's entries, with "None known" and the like set apart: they say there are none rather than name one. */
function fieldEntries(record: IpsRecord | undefined, field: CodedField) {
  const all = recordEntries(record?.[field] ?? '', field);
  const entries = all.filter((entry) => !NONE_KNOWN[field].has(comparableText(entry.text)));
  return { entries, noneKnown: all.length > 0 && entries.length === 0 };
}

/** An entry in words: as written, with the listed term's English name when it is written otherwise. */
function entryInWords(entry: RecordEntry): string {
  const name = entry.term?.names.en;
  return name && comparableText(name) !== comparableText(entry.text) ? `${entry.text} (${name})` : entry.text;
}

const present = (text: string | null | undefined): text is string => !!text?.trim();

interface Section {
  kind: keyof typeof IpsSections;
  lines: string[];
  /** The resources the section's entries point at; the supporting ones (a device) follow them in the bundle. */
  entries: IpsBundleEntry[];
  supporting?: IpsBundleEntry[];
}

export function ipsBundle(input: IpsSource & { now: Date; newId?: () => string }): IpsBundle {
  const { account, now, newId = () => crypto.randomUUID() } = input;
  const record = input.record ?? undefined;
  const url = () => `urn:uuid:${newId()}`;
  const patientUrl = url();
  const subject = { reference: patientUrl };
  const statedAt = record?.factsCheckedAt ?? record?.createdAt ?? now.toISOString();
  const entry = (resource: FhirResource): IpsBundleEntry => ({ fullUrl: url(), resource });
  const profile = (name: string) => ({ meta: { profile: [`${IPS_PROFILE}/${name}`] } });

  const family = record?.lastName || account?.lastName;
  const given = record?.firstName || account?.firstName;
  const email = record?.email || account?.email;
  const languages = splitEntries(record?.languagesSpoken ?? '');
  const contacts = (record?.emergencyContacts ?? []).filter(
    (contact) => present(contact.name) || present(contact.phone),
  );
  const patient: FhirResource = {
    resourceType: 'Patient',
    ...profile('Patient-uv-ips'),
    name: [{ ...(present(family) ? { family } : {}), ...(present(given) ? { given: [given] } : {}) }],
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
      ...(present(email) ? [{ system: 'email', value: email }] : []),
      ...(present(record?.phoneNumber) ? [{ system: 'phone', value: record.phoneNumber }] : []),
    ],
    // The languages as the person wrote them (free text, so no language code is guessed).
    ...(languages.length ? { communication: languages.map((language) => ({ language: { text: language } })) } : {}),
    ...(contacts.length
      ? {
          contact: contacts.map((contact) => ({
            relationship: [
              {
                coding: [{ system: CONTACT_ROLE, code: 'C', display: 'Emergency Contact' }],
                ...(present(contact.relationship) ? { text: contact.relationship } : {}),
              },
            ],
            ...(present(contact.name) ? { name: { text: contact.name } } : {}),
            ...(present(contact.phone) ? { telecom: [{ system: 'phone', value: contact.phone }] } : {}),
          })),
        }
      : {}),
  };

  const absentConcept = (field: keyof typeof ABSENT, noneKnown: boolean) => {
    const { code, display } = ABSENT[field][noneKnown ? 'noneKnown' : 'notStated'];
    return { concept: { coding: [{ system: ABSENT_UNKNOWN, code, display }] }, words: display };
  };
  /** A required section: one resource per entry, or one saying there is none or nothing said. */
  const requiredSection = (
    kind: 'allergies' | 'medications' | 'problems',
    field: keyof typeof ABSENT,
    resource: (concept: object, entry?: RecordEntry) => FhirResource,
    inWords: (entry: RecordEntry) => string = entryInWords,
  ): Section => {
    const { entries, noneKnown } = fieldEntries(record, field);
    if (!entries.length) {
      const absent = absentConcept(field, noneKnown);
      return { kind, lines: [absent.words], entries: [entry(resource(absent.concept))] };
    }
    return {
      kind,
      lines: entries.map(inWords),
      entries: entries.map((item) => entry(resource(entryConcept(item), item))),
    };
  };

  const severities = severitiesByEntry(record?.allergySeverities);
  const severityOfEntry = (item?: RecordEntry) => (item ? severityOf(item.text, severities) : undefined);
  const allergies = requiredSection(
    'allergies',
    'allergies',
    (code, item) => ({
      resourceType: 'AllergyIntolerance',
      ...profile('AllergyIntolerance-uv-ips'),
      clinicalStatus: {
        coding: [{ system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical', code: 'active' }],
      },
      ...allergySeverityFields(severityOfEntry(item)),
      code,
      patient: subject,
    }),
    (item) => {
      const severity = severityOfEntry(item);
      return severity ? `${entryInWords(item)}: ${ALLERGY_SEVERITY_LABELS[severity]}` : entryInWords(item);
    },
  );
  const medications = requiredSection('medications', 'medications', (code) => ({
    resourceType: 'MedicationStatement',
    ...profile('MedicationStatement-uv-ips'),
    status: 'active',
    medicationCodeableConcept: code,
    subject,
    effectivePeriod: { start: record?.createdAt ?? now.toISOString() },
  }));
  const problems = requiredSection('problems', 'medicalConditions', (code) => ({
    resourceType: 'Condition',
    ...profile('Condition-uv-ips'),
    clinicalStatus: {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'active' }],
    },
    code,
    subject,
  }));

  // Devices: IPS's device section, a DeviceUseStatement per device pointing at the Device it names. Left out when
  // none is written: the section is optional, and a blank says nothing either way.
  const devices: Section = { kind: 'devices', lines: [], entries: [], supporting: [] };
  for (const item of fieldEntries(record, 'devices').entries) {
    const device = entry({ resourceType: 'Device', type: entryConcept(item), patient: subject });
    devices.lines.push(entryInWords(item));
    devices.supporting!.push(device);
    devices.entries.push(
      entry({
        resourceType: 'DeviceUseStatement',
        status: 'active',
        subject,
        recordedOn: statedAt,
        device: { reference: device.fullUrl },
      }),
    );
  }

  // Advance directives: each wish the person stated, as a Consent with scope "advance care directive" (R4's way,
  // which IPS 1.x takes for this section). Not stated: nothing, never a guessed "full resuscitation".
  const directives: Section = { kind: 'advanceDirectives', lines: [], entries: [] };
  const directive = (category: object, extra: object = {}): IpsBundleEntry =>
    entry({
      resourceType: 'Consent',
      status: 'active',
      scope: { coding: [{ system: CONSENT_SCOPE, code: 'adr', display: 'Advanced Care Directive' }] },
      category: [category],
      patient: subject,
      dateTime: statedAt,
      // R4 wants a policy or a rule for every consent (ppc-1): here, the person's own word.
      policyRule: { text: 'Stated by the patient' },
      ...extra,
    });
  const resuscitation = record?.resuscitationStatus ?? 'not_stated';
  if (resuscitation !== 'not_stated') {
    const label = RESUSCITATION_LABELS[resuscitation];
    const location =
      resuscitation === 'directive' && present(record?.directiveLocation) ? record.directiveLocation : '';
    directives.lines.push(location ? `${label}. Where it is kept: ${location}` : label);
    directives.entries.push(
      directive(
        { coding: RESUSCITATION_CODINGS[resuscitation], text: label },
        location ? { sourceAttachment: { title: `Where it is kept: ${location}` } } : {},
      ),
    );
  }
  // Organ donation is the other wish the record holds for after an emergency; IPS has no element of its own for it,
  // and its alerts are for care now, so it is an advance directive: permitted or refused. No code (none we are sure of).
  if (record?.organDonor === true || record?.organDonor === false) {
    const words = record.organDonor ? 'Organ donor' : 'Not an organ donor';
    directives.lines.push(words);
    directives.entries.push(directive({ text: words }, { provision: { type: record.organDonor ? 'permit' : 'deny' } }));
  }

  // Alerts: what a clinician must be told before acting, as Flags: the owner's instructions to responders, and an
  // interpreter needed (with the languages spoken).
  const alerts: Section = { kind: 'alerts', lines: [], entries: [] };
  const flag = (category: { code: string; display: string }, words: string) => {
    alerts.lines.push(words);
    alerts.entries.push(
      entry({
        resourceType: 'Flag',
        status: 'active',
        category: [{ coding: [{ system: FLAG_CATEGORY, ...category }] }],
        code: { text: words },
        subject,
      }),
    );
  };
  if (present(record?.careDirectives)) {
    flag({ code: 'clinical', display: 'Clinical' }, `Instructions for responders: ${record.careDirectives.trim()}`);
  }
  if (record?.interpreterNeeded === true) {
    const spoken = languages.join(', ');
    flag(
      { code: 'contact', display: 'Subject Contact' },
      spoken ? `Interpreter needed. Speaks: ${spoken}` : 'Interpreter needed',
    );
  }

  const sections = [allergies, medications, problems, devices, directives, alerts].filter(
    (section) => section.entries.length > 0,
  );
  const composition: FhirResource = {
    resourceType: 'Composition',
    ...profile('Composition-uv-ips'),
    status: 'final',
    type: { coding: [{ system: LOINC, code: '60591-5', display: 'Patient summary Document' }] },
    subject,
    date: now.toISOString(),
    // The person wrote every fact themselves: they are its author, which tells a reader this is not a clinician's.
    author: [{ reference: patientUrl }],
    title: 'International Patient Summary',
    section: sections.map((section) => {
      const { code, display, title } = IpsSections[section.kind];
      return {
        title,
        code: { coding: [{ system: LOINC, code, display }] },
        text: narrative(section.lines),
        entry: section.entries.map(({ fullUrl }) => ({ reference: fullUrl })),
      };
    }),
  };

  return {
    resourceType: 'Bundle',
    identifier: { system: 'urn:ietf:rfc:3986', value: url() },
    type: 'document',
    timestamp: now.toISOString(),
    entry: [
      entry(composition),
      { fullUrl: patientUrl, resource: patient },
      ...sections.flatMap((section) => [...section.entries, ...(section.supporting ?? [])]),
    ],
  };
}
