import { comparableText, splitEntries, type MedicalTermView } from '@medical-qr/contracts';

/** Whether a field's text already names the entry (as the card reads entries: case, accents and spacing aside). */
export function namesEntry(text: string, entry: string): boolean {
  const wanted = comparableText(entry);
  return splitEntries(text).some((named) => comparableText(named) === wanted);
}

/**
 * The field's text with one entry added at its end: after a comma, or on the new line the owner has started. What is
 * already written stays as it is; an entry the text already names is not added again.
 */
export function appendEntry(text: string, entry: string): string {
  if (namesEntry(text, entry)) return text;
  const written = text.trimEnd();
  if (written === '') return entry;
  if (/\n[^\S\n]*$/.test(text)) return text.replace(/[^\S\n]+$/, '') + entry;
  return /[,;]$/.test(written) ? `${written} ${entry}` : `${written}, ${entry}`;
}

/** The picked terms the text still names, in the order they were picked (one the owner deleted is left out). */
export function pickedTermsIn(text: string, picked: readonly MedicalTermView[]): MedicalTermView[] {
  return picked.filter((term) => namesEntry(text, term.display));
}
