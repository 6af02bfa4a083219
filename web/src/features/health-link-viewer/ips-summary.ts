import type { CardTextKey } from '@medical-qr/contracts';

/**
 * What the viewer shows of an International Patient Summary (a FHIR document Bundle), read generically: the patient,
 * then the Composition's sections in its order, each entry as the text its resource carries. Nothing in the bundle is
 * trusted as markup; a narrative is read for its text only.
 */
export interface IpsSummary {
  patient: { name: string; birthDate?: string; gender?: string };
  sections: SummarySection[];
}

export interface SummarySection {
  /** The card's own name for a section it knows (by its LOINC code); else the bundle's title is shown. */
  textKey?: CardTextKey;
  title: string;
  entries: SummaryEntry[];
}

export type AllergySeverityShown = 'anaphylaxis' | 'severe' | 'intolerance';

/**
 * An entry's text, or IPS's absent-unknown code in place of entries: `none-known` (the person said there is none) or
 * `not-stated` (they said nothing).
 */
export type SummaryEntry = { text: string; severity?: AllergySeverityShown } | { absent: 'none-known' | 'not-stated' };

type Resource = Record<string, unknown> & { resourceType?: string; id?: string };
interface Concept {
  text?: string;
  coding?: Array<{ system?: string; code?: string; display?: string }>;
}

const LOINC = 'http://loinc.org';
const ABSENT_UNKNOWN = 'http://hl7.org/fhir/uv/ips/CodeSystem/absent-unknown-uv-ips';
const ANAPHYLAXIS_CODE = '39579001';

/** IPS sections by LOINC code, named as the card names them. */
const SECTION_KEYS: Record<string, CardTextKey> = {
  '48765-2': 'allergies',
  '10160-0': 'medications',
  '11450-4': 'medicalConditions',
  '46264-8': 'devices',
  '42348-3': 'advanceDirectives',
  '104605-1': 'alerts',
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asString = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

function conceptText(value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  const concept = value as Concept;
  return (
    asString(concept.text) ??
    asArray(concept.coding)
      .map((coding) => asString(isObject(coding) && coding.display))
      .find(Boolean)
  );
}

/** Which absent-unknown code a concept is, if any: `no-known-…` says none, the others (`no-…-info`) say nothing. */
function absentKind(value: unknown): 'none-known' | 'not-stated' | undefined {
  if (!isObject(value)) return undefined;
  const coding = asArray(value.coding).find((each) => isObject(each) && each.system === ABSENT_UNKNOWN);
  if (!isObject(coding)) return undefined;
  return String(coding.code).startsWith('no-known-') ? 'none-known' : 'not-stated';
}

/** The text of a narrative's `div`, line by line (its list items, or its whole text), never as markup. */
export function narrativeLines(div: unknown): string[] {
  if (typeof div !== 'string') return [];
  const document = new DOMParser().parseFromString(div, 'text/html');
  const items = [...document.querySelectorAll('li')].map((item) => item.textContent?.trim() ?? '');
  const lines = items.length ? items : [document.body.textContent?.trim() ?? ''];
  return lines.filter((line) => line !== '');
}

function allergySeverity(resource: Resource): AllergySeverityShown | undefined {
  const anaphylaxis = asArray(resource.reaction).some(
    (reaction) =>
      isObject(reaction) &&
      asArray(reaction.manifestation).some(
        (manifestation) =>
          isObject(manifestation) &&
          (asArray(manifestation.coding).some((coding) => isObject(coding) && coding.code === ANAPHYLAXIS_CODE) ||
            /anaphyla/i.test(asString(manifestation.text) ?? '')),
      ),
  );
  if (anaphylaxis) return 'anaphylaxis';
  if (resource.criticality === 'high') return 'severe';
  if (resource.type === 'intolerance') return 'intolerance';
  return undefined;
}

/** An index of the bundle's resources by full URL and by `Type/id`, as references name them. */
function resourcesOf(bundle: Record<string, unknown>): Map<string, Resource> {
  const byReference = new Map<string, Resource>();
  for (const entry of asArray(bundle.entry)) {
    if (!isObject(entry) || !isObject(entry.resource)) continue;
    const resource = entry.resource as Resource;
    if (typeof entry.fullUrl === 'string') byReference.set(entry.fullUrl, resource);
    if (resource.resourceType && resource.id) byReference.set(`${resource.resourceType}/${resource.id}`, resource);
  }
  return byReference;
}

/** The resource another one points at (`medicationReference`, a DeviceUseStatement's `device`). */
const referenced = (pointer: unknown, resources: Map<string, Resource>): Resource | undefined =>
  isObject(pointer) ? resources.get(String(pointer.reference)) : undefined;

/** What names an entry: its code, its medication's, its device's type, a consent's category. */
function conceptOf(resource: Resource, resources: Map<string, Resource>): unknown {
  return (
    resource.code ??
    resource.medicationCodeableConcept ??
    referenced(resource.medicationReference, resources)?.code ??
    referenced(resource.device, resources)?.type ??
    asArray(resource.category)[0] ??
    resource.valueCodeableConcept
  );
}

function entryOf(resource: Resource, resources: Map<string, Resource>): SummaryEntry | undefined {
  const concept = conceptOf(resource, resources);
  const absent = absentKind(concept);
  if (absent) return { absent };
  const attachment = isObject(resource.sourceAttachment) ? asString(resource.sourceAttachment.title) : undefined;
  const named = conceptText(concept) ?? asString(resource.description);
  const text =
    (named && attachment ? `${named}. ${attachment}` : named) ??
    asString(narrativeLines(isObject(resource.text) ? resource.text.div : undefined).join(' '));
  // An entry that says nothing readable is left out rather than shown empty.
  if (!text) return undefined;
  const severity = resource.resourceType === 'AllergyIntolerance' ? allergySeverity(resource) : undefined;
  return severity ? { text, severity } : { text };
}

function patientOf(resource: Resource | undefined): IpsSummary['patient'] {
  const name = asArray(resource?.name).find(isObject);
  const written =
    asString(name?.text) ?? [...asArray(name?.given).map(asString), asString(name?.family)].filter(Boolean).join(' ');
  return {
    name: written || '',
    ...(asString(resource?.birthDate) ? { birthDate: asString(resource?.birthDate) } : {}),
    ...(asString(resource?.gender) ? { gender: asString(resource?.gender) } : {}),
  };
}

/** The summary in a document Bundle; undefined when it is not one (no Composition). */
export function readIpsSummary(bundle: unknown): IpsSummary | undefined {
  if (!isObject(bundle) || bundle.resourceType !== 'Bundle') return undefined;
  const resources = resourcesOf(bundle);
  const all = [...new Set(resources.values())];
  const composition = all.find((resource) => resource.resourceType === 'Composition');
  if (!composition) return undefined;
  const subject = isObject(composition.subject) ? resources.get(String(composition.subject.reference)) : undefined;
  const patient = subject ?? all.find((resource) => resource.resourceType === 'Patient');
  const sections = asArray(composition.section)
    .filter(isObject)
    .map((section): SummarySection => {
      const code = asArray(isObject(section.code) ? section.code.coding : undefined).find(
        (coding) => isObject(coding) && coding.system === LOINC,
      );
      const textKey = isObject(code) ? SECTION_KEYS[String(code.code)] : undefined;
      const pointed = asArray(section.entry)
        .map((entry) => (isObject(entry) ? resources.get(String(entry.reference)) : undefined))
        .filter((resource): resource is Resource => resource !== undefined);
      const read = pointed.flatMap((resource) => entryOf(resource, resources) ?? []);
      // Entries that say nothing readable: the section's narrative says it for people.
      const entries = read.length
        ? read
        : narrativeLines(isObject(section.text) ? section.text.div : undefined).map((text) => ({ text }));
      return { ...(textKey ? { textKey } : {}), title: asString(section.title) ?? '', entries };
    });
  return { patient: patientOf(patient), sections };
}
