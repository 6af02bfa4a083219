import type { ExportSection, PersonalDataExportHead, PrivacyExportPage } from '@medical-qr/contracts';
import { StreamedList, StreamedObject } from './streamed-json.js';

/** Asks the privacy service for one page of one of the export's lists. */
export type FetchExportPage = (section: ExportSection, cursor: string | null) => Promise<PrivacyExportPage>;

/**
 * The pages of one list, fetched one after the other, each from where the last ended, until one says it was the
 * last. A page of another list, or a cursor that does not move, is a fault of the service: it fails the export
 * rather than loop or mix lists.
 */
export function pagesOf(section: ExportSection, fetchPage: FetchExportPage): StreamedList {
  return new StreamedList(async function* () {
    let cursor: string | null = null;
    do {
      const page = await fetchPage(section, cursor);
      if (page.section !== section) throw new Error(`asked for a page of ${section}, got one of ${page.section}`);
      if (page.nextCursor !== null && page.nextCursor === cursor) throw new Error(`the ${section} cursor did not move`);
      yield page.items;
      cursor = page.nextCursor;
    } while (cursor !== null);
  });
}

/**
 * The export file (personalDataExportSchema), its keys in the order the file has always had, from the head the
 * privacy service answered and the pages of each list.
 */
export function exportDocument(head: PersonalDataExportHead, fetchPage: FetchExportPage): StreamedObject {
  const list = (section: ExportSection) => pagesOf(section, fetchPage);
  return new StreamedObject({
    exportedAt: head.exportedAt,
    format: head.format,
    account: head.account,
    records: new StreamedObject({
      records: list('records'),
      scanLog: list('scanLog'),
      tags: list('tags'),
      healthLinks: list('healthLinks'),
      healthLinkAccesses: list('healthLinkAccesses'),
      familyAlerts: list('familyAlerts'),
    }),
    billing: head.billing,
    cart: head.cart,
    orders: list('orders'),
    shippingAddress: head.shippingAddress,
    privacy: new StreamedObject({
      consentHistory: list('consentHistory'),
      deletionRequest: head.deletionRequest,
      auditLog: list('auditLog'),
    }),
    internationalPatientSummary: head.internationalPatientSummary,
  });
}
