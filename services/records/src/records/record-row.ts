import { getTableColumns } from 'drizzle-orm';
import { medicalRecords, type MedicalRecordRow } from '../database/schema.js';

const columns = Object.entries(getTableColumns(medicalRecords));

/** The select list of every record column under `alias`, each named as the row's property (for a raw statement). */
export function recordColumnsAs(alias: string): string {
  return columns.map(([property, column]) => `${alias}.${column.name} as "${property}"`).join(', ');
}

/** A record row read by a raw statement, each value mapped as the query builder would (timestamps to dates). */
export function recordRowOf(raw: Record<string, unknown>): MedicalRecordRow {
  const row: Record<string, unknown> = {};
  for (const [property, column] of columns) {
    const value = raw[property];
    row[property] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as MedicalRecordRow;
}
