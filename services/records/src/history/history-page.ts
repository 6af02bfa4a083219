import type { HistoryQuery } from '@medical-qr/contracts';
import type { StoredRecord } from '../records/records.repository.js';

/** The fields premium history search looks in (SPEC section 5). */
const SEARCHED = ['bloodGroup', 'allergies', 'medicalConditions'] as const;

/** Case-insensitive substring match on blood group, allergies and conditions; an empty search matches all. */
export function matchesSearch(record: StoredRecord, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return SEARCHED.some((field) => record.details[field].toLowerCase().includes(needle));
}

/** One page of the records that match, and how many match in all: paged after filtering, so totals are honest. */
export function historyPage(
  records: StoredRecord[],
  { page, limit, search }: HistoryQuery,
): { records: StoredRecord[]; total: number } {
  const matching = records.filter((record) => matchesSearch(record, search));
  const start = (page - 1) * limit;
  return { records: matching.slice(start, start + limit), total: matching.length };
}
