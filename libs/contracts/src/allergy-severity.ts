import type { AllergySeverity } from './medical-labels.js';
import { comparableText, splitEntries } from './medical-terms/entry-text.js';

/**
 * The severity the owner gave one allergy entry. The allergies stay the owner's free text; a severity applies to the
 * entry whose comparable text equals `entry` ("penicillin " names "Penicillin").
 */
export interface AllergySeverityEntry {
  entry: string;
  severity: AllergySeverity;
}

/** Most severe first: the order a crew reads allergies in. An entry with no severity said comes after those with one. */
const SEVERITY_RANK: Record<AllergySeverity, number> = { anaphylaxis: 3, severe: 2, intolerance: 1 };

export function severityRank(severity: AllergySeverity | undefined): number {
  return severity ? SEVERITY_RANK[severity] : 0;
}

/** Severe and anaphylaxis: what a crew must not miss. */
export function isSeriousSeverity(severity: AllergySeverity | undefined): boolean {
  return severity === 'severe' || severity === 'anaphylaxis';
}

/** Each said severity by the comparable text of its entry. */
export function severitiesByEntry(severities: readonly AllergySeverityEntry[] = []): Map<string, AllergySeverity> {
  return new Map(severities.map(({ entry, severity }) => [comparableText(entry), severity]));
}

/** The severity said for one entry of the allergies as written, if any. */
export function severityOf(
  entry: string,
  severities: ReadonlyMap<string, AllergySeverity>,
): AllergySeverity | undefined {
  return severities.get(comparableText(entry));
}

/**
 * The severities that still apply to the allergies as written, in the text's order, each naming its entry as the text
 * writes it. A severity for an entry the owner has since removed from the text is dropped: it would otherwise come
 * back, unseen, if the same words were typed again months later.
 */
export function severitiesForText(
  allergies: string,
  severities: readonly AllergySeverityEntry[] = [],
): AllergySeverityEntry[] {
  const said = severitiesByEntry(severities);
  const kept = new Map<string, AllergySeverityEntry>();
  for (const entry of splitEntries(allergies)) {
    const key = comparableText(entry);
    const severity = said.get(key);
    if (severity && !kept.has(key)) kept.set(key, { entry, severity });
  }
  return [...kept.values()];
}
