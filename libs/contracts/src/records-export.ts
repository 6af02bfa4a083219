import { z } from 'zod';
import { ownerFamilyAlertSchema } from './family-alerts.js';
import { exportedHealthLinkAccessSchema, exportedHealthLinkSchema } from './health-links.js';
import { EXPORT_PAGE_SIZES, type ExportSection, keysetPageSchema, pageCursorSchema } from './paging.js';
import { exportedRecordSchema, printedTagSchema, scanLogEntrySchema } from './records.js';

/*
 * What records holds about a person, as their export lists it. Apart from records.ts: family alerts' contracts build
 * on records', so records' own module cannot take them in.
 */

/** Records' part of the export file. */
export const recordsExportSchema = z.object({
  records: z.array(exportedRecordSchema),
  scanLog: z.array(scanLogEntrySchema),
  tags: z.array(printedTagSchema),
  /** The person's SMART Health Links: never the file, its key, the passcode or a hash of the link. */
  healthLinks: z.array(exportedHealthLinkSchema),
  /** Every time a reader opened one of them, and who it said it was. */
  healthLinkAccesses: z.array(exportedHealthLinkAccessSchema),
  /** Alerts sent from the person's cards, as their account lists them. */
  familyAlerts: z.array(ownerFamilyAlertSchema),
});
export type RecordsExport = z.infer<typeof recordsExportSchema>;

/** The lists of the export records answers for. */
export const RECORDS_EXPORT_SECTIONS = [
  'records',
  'scanLog',
  'tags',
  'healthLinks',
  'healthLinkAccesses',
  'familyAlerts',
] as const satisfies readonly ExportSection[];

/** One page of one of the lists records holds about a person, for their export (EXPORT_PAGE_SIZES). */
export const recordsExportPageRequestSchema = z.strictObject({
  userId: z.uuid(),
  appUrl: z.url().max(200),
  section: z.enum(RECORDS_EXPORT_SECTIONS),
  /** Null: the first page. */
  cursor: pageCursorSchema.nullable().default(null),
});
export type RecordsExportPageRequest = z.infer<typeof recordsExportPageRequestSchema>;
export const recordsExportPageSchema = z.discriminatedUnion('section', [
  /** Newest first. */
  keysetPageSchema('records', exportedRecordSchema, EXPORT_PAGE_SIZES.records),
  /** Oldest first. */
  keysetPageSchema('scanLog', scanLogEntrySchema, EXPORT_PAGE_SIZES.scanLog),
  /** Newest first. */
  keysetPageSchema('tags', printedTagSchema, EXPORT_PAGE_SIZES.tags),
  /** Newest first, as the owner's list shows them. */
  keysetPageSchema('healthLinks', exportedHealthLinkSchema, EXPORT_PAGE_SIZES.healthLinks),
  /** Newest first, of all the person's links together (each names its link). */
  keysetPageSchema('healthLinkAccesses', exportedHealthLinkAccessSchema, EXPORT_PAGE_SIZES.healthLinkAccesses),
  /** Newest first. */
  keysetPageSchema('familyAlerts', ownerFamilyAlertSchema, EXPORT_PAGE_SIZES.familyAlerts),
]);
export type RecordsExportPage = z.infer<typeof recordsExportPageSchema>;
