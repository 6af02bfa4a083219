import { comparableText, splitEntries, type AllergySeverity } from '@medical-qr/contracts';
import type { MedicalFormValues } from './medical-form-values';

/** What people write for no allergies (the form asks for "None known"): no severity to give. */
const NO_ALLERGIES = new Set(['none', 'none known', 'no known allergies', 'no allergies', 'nka', 'nkda']);

/**
 * The allergies entries as written that can have a severity, each once (case, accents and spacing aside), in the text's
 * order.
 */
export function allergyEntries(allergies: string): string[] {
  const seen = new Set<string>();
  return splitEntries(allergies).filter((entry) => {
    const key = comparableText(entry);
    if (seen.has(key) || NO_ALLERGIES.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The severities with one entry's set to `severity`, or cleared when it is '' (not said). */
export function withSeverity(
  severities: MedicalFormValues['allergySeverities'],
  entry: string,
  severity: AllergySeverity | '',
): MedicalFormValues['allergySeverities'] {
  const others = severities.filter((said) => comparableText(said.entry) !== comparableText(entry));
  return severity ? [...others, { entry, severity }] : others;
}
