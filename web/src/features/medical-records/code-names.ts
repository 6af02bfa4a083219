import type { RecordSummary } from '@medical-qr/contracts';

/** How a code is named on screen: the owner's label, else a plain stand-in (a code made before labels, or unnamed). */
export function codeName(code: Pick<RecordSummary, 'label'>): string {
  return code.label || 'Unnamed code';
}
