import type { MedicalForm } from '@medical-qr/contracts';
import { forgetUnsavedDraft, keepUnsavedDraft, readUnsavedDraft } from '../../lib/unsaved-drafts';
import { laterFactsOf } from './medical-form-values';

const DRAFT = 'medical-record';

/** The medical form a person could not save because their session ended; `recordId` null for a new code. */
export interface UnsavedRecord {
  recordId: string | null;
  form: MedicalForm;
}

export const keepUnsavedRecord = (userId: string, draft: UnsavedRecord) => keepUnsavedDraft(DRAFT, userId, draft);

/**
 * The kept form for this record (or for a new code), until it is saved or the person signs out. A draft kept before
 * the form asked for date of birth, resuscitation and interpreter reads them as not stated.
 */
export function unsavedRecordFor(userId: string, recordId: string | null): MedicalForm | null {
  const draft = readUnsavedDraft<UnsavedRecord>(DRAFT, userId);
  return draft && draft.recordId === recordId ? { ...draft.form, ...laterFactsOf(draft.form) } : null;
}

export const forgetUnsavedRecord = () => forgetUnsavedDraft(DRAFT);
