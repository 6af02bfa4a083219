import {
  encodeCursor,
  type ExportSection,
  personalDataExportSchema,
  type PersonalDataExportHead,
  type PrivacyExportPage,
  recordsExportSchema,
} from '@medical-qr/contracts';
import { exportDocument, type FetchExportPage, pagesOf } from './export-document.js';
import { streamedJson, type StreamedList } from './streamed-json.js';

async function itemsOf(list: StreamedList): Promise<unknown[]> {
  const items: unknown[] = [];
  for await (const page of list.pages()) items.push(...page);
  return items;
}

/** A privacy service whose audit log holds `count` entries, answered `size` a page, keyed by their index. */
function auditPages(count: number, size: number) {
  const asked: Array<string | null> = [];
  const fetchPage: FetchExportPage = async (section, cursor) => {
    asked.push(cursor);
    if (section !== 'auditLog') return { section, items: [], nextCursor: null } as PrivacyExportPage;
    const start = cursor === null ? 0 : Number(cursor.slice(1));
    const items = Array.from({ length: Math.max(0, Math.min(size, count - start)) }, (_, n) => ({
      occurredAt: new Date(Date.UTC(2026, 0, 1, 0, 0, start + n)).toISOString(),
      action: `action-${start + n}`,
      ip: null,
      userAgent: null,
      viewer: null,
    }));
    return { section, items, nextCursor: start + size < count ? `c${start + size}` : null };
  };
  return { fetchPage, asked };
}

describe('the pages of one export list', () => {
  it('are fetched one after the other from the cursor each gave, until one is the last', async () => {
    const { fetchPage, asked } = auditPages(5, 2);
    const items = (await itemsOf(pagesOf('auditLog', fetchPage))) as Array<{ action: string }>;
    expect(items.map((item) => item.action)).toEqual(['action-0', 'action-1', 'action-2', 'action-3', 'action-4']);
    expect(asked).toEqual([null, 'c2', 'c4']);
  });

  it('fail on a cursor that does not move, rather than loop', async () => {
    const stuck: FetchExportPage = async (section) =>
      ({ section, items: [], nextCursor: encodeCursor([1]) }) as PrivacyExportPage;
    await expect(itemsOf(pagesOf('consentHistory', stuck))).rejects.toThrow('did not move');
  });

  it('fail on a page of another list', async () => {
    const other: FetchExportPage = async () => ({ section: 'tags', items: [], nextCursor: null });
    await expect(itemsOf(pagesOf('orders', other))).rejects.toThrow('got one of tags');
  });
});

describe('the export document', () => {
  it('is the export file, its keys in their order, its lists read to the end', async () => {
    const head: PersonalDataExportHead = {
      exportedAt: '2026-01-01T00:00:00.000Z',
      format: 'Medical QR personal data export, version 1',
      account: {
        id: '6f1d2a34-0c1e-4d6b-9a55-2f3b4c5d6e7f',
        email: 'amara@example.com',
        firstName: 'Amara',
        lastName: 'Okafor',
      } as PersonalDataExportHead['account'],
      billing: { stripeCustomerId: null, subscriptions: [] },
      cart: [],
      shippingAddress: null,
      deletionRequest: null,
      internationalPatientSummary: { resourceType: 'Bundle' },
    };
    const sections: ExportSection[] = [];
    const { fetchPage } = auditPages(450, 200);
    let text = '';
    for await (const piece of streamedJson(
      exportDocument(head, (section, cursor) => {
        if (cursor === null) sections.push(section);
        return fetchPage(section, cursor);
      }),
    )) {
      text += piece;
    }
    const file = JSON.parse(text);
    expect(Object.keys(file)).toEqual(Object.keys(personalDataExportSchema.shape));
    expect(Object.keys(file.records)).toEqual(Object.keys(recordsExportSchema.shape));
    expect(Object.keys(file.privacy)).toEqual(['consentHistory', 'deletionRequest', 'auditLog']);
    expect(file.privacy.auditLog).toHaveLength(450);
    expect(sections).toEqual([
      'records',
      'scanLog',
      'tags',
      'healthLinks',
      'healthLinkAccesses',
      'familyAlerts',
      'orders',
      'consentHistory',
      'auditLog',
    ]);
    expect(text).toBe(JSON.stringify(file, null, 2));
  });
});
