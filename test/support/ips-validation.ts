import { Fhir } from 'fhir';
import { isSnomedConceptId } from './snomed-id.js';

/**
 * What is wrong with an International Patient Summary, as a reader who knows only FHIR would find it: the FHIR R4
 * structure definitions (FHIR.js: cardinalities, types, unknown elements, required value sets), then IPS's document
 * rules. An empty list: none found. Standalone on purpose, importing nothing of ours: a test that decrypts a health
 * link's file checks it with what any reader could use, not with the code that wrote it.
 */

const LOINC = 'http://loinc.org';
const SNOMED_CT = 'http://snomed.info/sct';
const ABSENT_UNKNOWN = 'http://hl7.org/fhir/uv/ips/CodeSystem/absent-unknown-uv-ips';
const XHTML = 'http://www.w3.org/1999/xhtml';

/** IPS's required sections by LOINC code, and what each section's entries may be. */
const REQUIRED_SECTIONS = { '48765-2': 'allergies', '10160-0': 'medications', '11450-4': 'problems' } as const;
const SECTION_ENTRY_TYPES: Record<string, readonly string[]> = {
  '48765-2': ['AllergyIntolerance', 'DocumentReference'],
  '10160-0': ['MedicationStatement', 'MedicationRequest', 'DocumentReference'],
  '11450-4': ['Condition', 'DocumentReference'],
  '46264-8': ['DeviceUseStatement', 'DocumentReference'],
  '42348-3': ['Consent', 'DocumentReference'],
  '104605-1': ['Flag', 'DocumentReference'],
};

/** FHIR's instant: a date and time to the second at least, with its zone. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

type Json = Record<string, any>;

let fhir: Fhir | undefined;

export function ipsProblems(bundle: unknown): string[] {
  if (!isObject(bundle) || bundle.resourceType !== 'Bundle') return ['not a FHIR Bundle'];
  fhir ??= new Fhir();
  const problems = fhir
    // A copy read from JSON, as a reader has it (and in this realm: the library tests arrays with instanceof).
    .validate(JSON.parse(JSON.stringify(bundle)), { errorOnUnexpected: true })
    .messages.filter((message) => message.severity === 'error' || message.severity === 'fatal')
    .map((message) => `FHIR R4: ${message.resourceId} ${message.location}: ${message.message}`);
  return [...problems, ...documentProblems(bundle)];
}

function documentProblems(bundle: Json): string[] {
  const problems: string[] = [];
  const problem = (text: string) => problems.push(text);
  if (bundle.type !== 'document') problem(`Bundle.type is ${JSON.stringify(bundle.type)}, not "document"`);
  if (!bundle.identifier?.system || !bundle.identifier?.value) problem('Bundle.identifier needs a system and a value');
  if (!INSTANT.test(bundle.timestamp ?? '')) problem(`Bundle.timestamp is not an instant: ${bundle.timestamp}`);

  const entries: Json[] = Array.isArray(bundle.entry) ? bundle.entry : [];
  const byUrl = new Map<string, Json>();
  entries.forEach((entry, index) => {
    if (typeof entry?.fullUrl !== 'string' || !isObject(entry.resource)) {
      problem(`Bundle.entry[${index}] needs a fullUrl and a resource`);
    } else if (byUrl.has(entry.fullUrl)) problem(`Bundle.entry[${index}].fullUrl ${entry.fullUrl} is not unique`);
    else byUrl.set(entry.fullUrl, entry.resource);
  });
  // A document stands alone: whatever it points at is in it.
  for (const reference of referencesIn(bundle)) {
    if (!byUrl.has(reference)) problem(`the reference ${reference} names no entry of the bundle`);
  }

  const composition = entries[0]?.resource;
  if (composition?.resourceType !== 'Composition') {
    problem('the first entry is not a Composition');
    return problems;
  }
  if (!hasCoding(composition.type, LOINC, '60591-5'))
    problem('Composition.type is not LOINC 60591-5 (patient summary)');
  const patientUrl = composition.subject?.reference;
  const patient = byUrl.get(patientUrl);
  if (patient?.resourceType !== 'Patient') problem(`Composition.subject ${patientUrl} is not a Patient of the bundle`);
  else problems.push(...patientProblems(patient));

  const sections: Json[] = Array.isArray(composition.section) ? composition.section : [];
  const codeOf = (section: Json) =>
    section.code?.coding?.find((coding: Json) => coding.system === LOINC)?.code as string | undefined;
  for (const [code, name] of Object.entries(REQUIRED_SECTIONS)) {
    if (!sections.some((section) => codeOf(section) === code))
      problem(`the ${name} section (LOINC ${code}) is missing`);
  }
  sections.forEach((section, index) => {
    const where = `section ${codeOf(section) ?? `[${index}]`}`;
    const references: string[] = (section.entry ?? []).map((entry: Json) => entry.reference);
    if (!section.title) problem(`${where} has no title`);
    if (!section.text?.div) problem(`${where} has no narrative`);
    else problems.push(...narrativeProblems(section.text, where));
    if (!references.length && !section.emptyReason) problem(`${where} has neither entries nor an emptyReason`);
    if (references.length && section.emptyReason) problem(`${where} has entries and an emptyReason`);
    const allowed = SECTION_ENTRY_TYPES[codeOf(section) ?? ''];
    for (const reference of references) {
      const resource = byUrl.get(reference);
      if (!resource) continue; // said above
      if (allowed && !allowed.includes(resource.resourceType)) {
        problem(`${where} has a ${resource.resourceType}, which it cannot hold`);
      }
      const about = resource.subject?.reference ?? resource.patient?.reference;
      if (about !== undefined && about !== patientUrl) problem(`${where}: ${reference} is about someone else`);
      problems.push(...conceptProblems(resource, byUrl, section, where));
    }
  });
  return problems;
}

/** IPS wants the patient named and their birth date given, or said to be unknown. */
function patientProblems(patient: Json): string[] {
  const problems: string[] = [];
  const named = (patient.name ?? []).some((name: Json) => name.family || name.given?.length || name.text);
  if (!named) problems.push('the Patient has no name');
  if (!patient.birthDate && !patient._birthDate?.extension?.length) {
    problems.push('the Patient has neither a birth date nor a reason it is absent');
  }
  return problems;
}

/** The concept an entry stands for, in words: what the section's narrative must say. */
function conceptOf(resource: Json, byUrl: Map<string, Json>): Json | undefined {
  switch (resource.resourceType) {
    case 'AllergyIntolerance':
    case 'Condition':
    case 'Flag':
      return resource.code;
    case 'MedicationStatement':
    case 'MedicationRequest':
      return resource.medicationCodeableConcept;
    case 'Consent':
      return resource.category?.[0];
    case 'DeviceUseStatement':
      return byUrl.get(resource.device?.reference)?.type;
    default:
      return undefined;
  }
}

/**
 * A coded entry carries SNOMED CT (or IPS's absent-unknown code), each SNOMED CT id of a valid form, and the section's
 * narrative says the entry in words.
 */
function conceptProblems(resource: Json, byUrl: Map<string, Json>, section: Json, where: string): string[] {
  const concept = conceptOf(resource, byUrl);
  if (!concept) return [];
  const problems: string[] = [];
  const codings: Json[] = concept.coding ?? [];
  const isEntryCode = resource.resourceType !== 'Consent' && resource.resourceType !== 'Flag';
  if (isEntryCode && codings.length && !codings.some((c) => c.system === SNOMED_CT || c.system === ABSENT_UNKNOWN)) {
    problems.push(`${where}: a ${resource.resourceType} is coded without SNOMED CT`);
  }
  for (const coding of codings) {
    if (!coding.system || !coding.code) problems.push(`${where}: a coding without a system or a code`);
    if (coding.system === SNOMED_CT && !isSnomedConceptId(String(coding.code))) {
      problems.push(`${where}: ${coding.code} is not a SNOMED CT id`);
    }
  }
  const words = concept.text ?? codings[0]?.display;
  if (!words) problems.push(`${where}: a ${resource.resourceType} says nothing in words`);
  else if (!textOf(section.text?.div ?? '').includes(words)) {
    problems.push(`${where}: the narrative does not say ${JSON.stringify(words)}`);
  }
  return problems;
}

/** Every `reference` in the bundle, however deep. */
function referencesIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => referencesIn(item, found));
  else if (isObject(value)) {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'reference' && typeof inner === 'string') found.push(inner);
      else referencesIn(inner, found);
    }
  }
  return found;
}

/** Elements FHIR's narrative allows (R4, Narrative: basic XHTML, no scripts, forms, frames, objects or styles). */
const NARRATIVE_ELEMENTS = new Set(
  'a abbr b big blockquote br caption cite code col colgroup dd dfn div dl dt em h1 h2 h3 h4 h5 h6 hr i img li ol p pre q samp small span strong sub sup table tbody td tfoot th thead tr tt ul var'.split(
    ' ',
  ),
);

/** A narrative as R4 wants it: generated or other status, one XHTML div, allowed elements, well formed, not empty. */
function narrativeProblems(text: Json, where: string): string[] {
  const problems: string[] = [];
  const div: string = text.div;
  if (!['generated', 'extensions', 'additional', 'empty'].includes(text.status)) {
    problems.push(`${where}: narrative status ${text.status}`);
  }
  if (!div.startsWith(`<div xmlns="${XHTML}"`) || !div.endsWith('</div>')) {
    problems.push(`${where}: the narrative is not one XHTML div`);
  }
  const open: string[] = [];
  for (const [tag] of div.matchAll(/<[^>]*>?/g)) {
    const parsed = /^<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[a-zA-Z:-]+="[^"<]*")*)\s*(\/?)>$/.exec(tag);
    if (!parsed) {
      problems.push(`${where}: the narrative is not well formed at ${JSON.stringify(tag)}`);
      continue;
    }
    const [, closing, name, attributes, selfClosing] = parsed;
    if (!NARRATIVE_ELEMENTS.has(name!)) problems.push(`${where}: the narrative has a <${name}>`);
    if (/\son[a-z]+=/i.test(attributes!)) problems.push(`${where}: the narrative has an event attribute`);
    if (closing && open.pop() !== name) problems.push(`${where}: the narrative closes <${name}> out of order`);
    else if (!closing && !selfClosing) open.push(name!);
  }
  if (open.length) problems.push(`${where}: the narrative leaves <${open.join('>, <')}> open`);
  for (const [reference] of div.matchAll(/&[^;\s]*;?/g)) {
    if (!/^&(#\d+|#x[0-9a-fA-F]+|lt|gt|amp|quot|apos);$/.test(reference)) {
      problems.push(`${where}: the narrative has a stray ${JSON.stringify(reference)}`);
    }
  }
  if (!textOf(div).trim()) problems.push(`${where}: the narrative is empty`);
  return problems;
}

/** A narrative's text as a reader sees it: tags dropped, character references read. */
function textOf(div: string): string {
  const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
  return div
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);/g, (_, name: string) =>
      name.startsWith('#x')
        ? String.fromCodePoint(parseInt(name.slice(2), 16))
        : name.startsWith('#')
          ? String.fromCodePoint(Number(name.slice(1)))
          : named[name]!,
    );
}

function hasCoding(concept: Json | undefined, system: string, code: string): boolean {
  return !!concept?.coding?.some((coding: Json) => coding.system === system && coding.code === code);
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
