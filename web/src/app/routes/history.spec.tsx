import { jest } from '@jest/globals';
import type { MedicalRecord, RecordSummary } from '@medical-qr/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aUser, errorReply, stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { aMedicalRecord, anExpiredRecord, QR_PNG } from '../../../test/records-fixtures';
import { renderApp } from '../../../test/render-with-providers';
import { visibleToasts } from '../../../test/toasts';
import { STORAGE_KEYS } from '../../lib/storage';

let api: FetchStub | undefined;

afterEach(() => {
  api?.restore();
  api = undefined;
  localStorage.clear();
  jest.restoreAllMocks();
});

const active = aMedicalRecord({ id: '11111111-1111-4111-8111-111111111111', token: 'NewestToken_1234567890' });
const older = anExpiredRecord({ id: '22222222-2222-4222-8222-222222222222', token: 'OlderToken_12345678901' });

/** What the list gives of a record: no details, no QR image. */
function summaryOf({ id, token, label, cardUrl, createdAt, expiresAt, isActive }: MedicalRecord): RecordSummary {
  return { id, token, label, cardUrl, createdAt, expiresAt, isActive };
}

/** The signed-in history over the paged list (one page here), each record in full at its own address. */
function signedInHistory(path = '/history', records = [active, older]) {
  api = stubFetch({
    'GET /api/auth/user': { body: aUser() },
    'GET /api/medical-records': {
      body: { records: records.map(summaryOf), page: 1, limit: 20, total: records.length },
    },
    ...Object.fromEntries(records.map((record) => [`GET /api/medical-records/${record.id}`, { body: record }])),
    'GET /api/family-alerts': { body: { alerts: [] } },
  });
  return renderApp(path);
}

const items = () => screen.getAllByRole('article');

describe('/history', () => {
  it("lists a signed-in user's codes newest first: number, Active/Inactive, created date and the token's first 8 characters", async () => {
    signedInHistory();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your QR Code History' })).toBeTruthy();
    const [first, second] = items();
    expect(within(first!).getByRole('heading', { name: 'QR code #2' })).toBeTruthy();
    expect(within(first!).getByText('Active')).toBeTruthy();
    expect(first!.textContent).toContain('Code NewestTo');
    expect(first!.textContent).not.toContain('NewestToken_1234567890');
    expect(within(second!).getByRole('heading', { name: 'QR code #1' })).toBeTruthy();
    expect(within(second!).getByText('Inactive')).toBeTruthy();
    // Only an active code offers its actions.
    expect(within(first!).getByRole('link', { name: 'View when QR Scanned' }).getAttribute('href')).toBe(
      active.cardUrl,
    );
    expect(within(first!).getByRole('link', { name: 'Shop' }).getAttribute('href')).toBe('/qrmerchshop');
    expect(within(second!).queryByRole('link', { name: 'View when QR Scanned' })).toBeNull();
    expect(within(second!).queryByRole('button', { name: 'Copy Link' })).toBeNull();
    expect(within(second!).queryByRole('link', { name: 'Shop' })).toBeNull();
    expect(document.title).toBe('QR Code History · Medical QR');
  });

  it('shows and hides the contacts, or says there are none', async () => {
    signedInHistory('/history', [
      active,
      aMedicalRecord({ id: '33333333-3333-4333-8333-333333333333', emergencyContacts: [] }),
    ]);
    await screen.findByRole('heading', { level: 1, name: 'Your QR Code History' });
    const [withContacts, without] = items();
    const show = within(withContacts!).getByRole('button', { name: 'Show Details' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(show);
    // The details are fetched when opened: the list carries none.
    expect(await within(withContacts!).findByText('Charles Babbage')).toBeTruthy();
    expect(api!.callsTo(`GET /api/medical-records/${active.id}`)).toHaveLength(1);
    expect(within(withContacts!).getByRole('link', { name: '+44 20 7946 0001' }).getAttribute('href')).toBe(
      'tel:+442079460001',
    );
    fireEvent.click(within(withContacts!).getByRole('button', { name: 'Hide Details' }));
    expect(within(withContacts!).queryByText('Charles Babbage')).toBeNull();

    fireEvent.click(within(without!).getByRole('button', { name: 'Show Details' }));
    expect(await within(without!).findByText('No emergency contacts found for this record.')).toBeTruthy();
  });

  it('?expand=active opens the active code and puts focus on it', async () => {
    signedInHistory('/history?expand=active');
    const heading = await screen.findByRole('heading', { name: 'QR code #2' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(within(items()[0]!).getByRole('button', { name: 'Hide Details' })).toBeTruthy();
  });

  it('shows a long history a page at a time: "Show more" fetches the next page, numbers count from the oldest of all', async () => {
    const all = Array.from({ length: 25 }, (_, index) =>
      summaryOf(
        (index === 0 ? aMedicalRecord : anExpiredRecord)({
          id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
          token: `Token${String(index).padStart(2, '0')}_aaaaaaaaaaaaaaa`,
        }),
      ),
    );
    api = stubFetch({
      'GET /api/auth/user': { body: aUser() },
      'GET /api/family-alerts': { body: { alerts: [] } },
      'GET /api/medical-records': (request) => {
        const query = new URLSearchParams(request.url.split('?')[1]);
        const page = Number(query.get('page'));
        const limit = Number(query.get('limit'));
        return { body: { records: all.slice((page - 1) * limit, page * limit), page, limit, total: all.length } };
      },
    });
    renderApp('/history');
    await screen.findByRole('heading', { name: 'QR code #25' });
    expect(items()).toHaveLength(20);
    expect(screen.getByText('Showing 20 of 25 codes')).toBeTruthy();
    expect(api.callsTo('GET /api/medical-records').map((call) => call.url)).toEqual([
      '/api/medical-records?page=1&limit=20',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByRole('heading', { name: 'QR code #1' });
    expect(items()).toHaveLength(25);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(api.callsTo('GET /api/medical-records').map((call) => call.url)).toContain(
      '/api/medical-records?page=2&limit=20',
    );
  });

  it('copies the card link and says so', async () => {
    const writeText = jest.fn(async (_text: string) => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    signedInHistory();
    await screen.findByRole('heading', { level: 1, name: 'Your QR Code History' });
    fireEvent.click(within(items()[0]!).getByRole('button', { name: 'Copy Link' }));
    await waitFor(() => expect(visibleToasts()[0]?.title).toBe('Link copied'));
    expect(writeText).toHaveBeenCalledWith(active.cardUrl);
  });

  it('deletes a code after asking, and says "Delete Failed" when the server refuses', async () => {
    signedInHistory();
    api!.route(
      'DELETE /api/medical-records/11111111-1111-4111-8111-111111111111',
      errorReply(503, 'Records unavailable'),
    );
    await screen.findByRole('heading', { level: 1, name: 'Your QR Code History' });
    fireEvent.click(within(items()[0]!).getByRole('button', { name: 'Delete QR Code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this QR code?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete QR Code' }));
    await waitFor(() => expect(visibleToasts()[0]).toMatchObject({ title: 'Delete Failed' }));
    expect(api!.callsTo('DELETE /api/medical-records/11111111-1111-4111-8111-111111111111')).toHaveLength(1);
  });

  it('shows a signed-in user with no codes the empty state, which leads home', async () => {
    signedInHistory('/history', []);
    expect(await screen.findByText('No QR codes yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a QR code' }).getAttribute('href')).toBe('/');
  });

  it("shows a visitor this browser's codes, and Clear History forgets them (and the saved user) after asking", async () => {
    localStorage.setItem(
      STORAGE_KEYS.history,
      JSON.stringify([
        {
          id: 'VisitorToken_123456789',
          token: 'VisitorToken_123456789',
          cardUrl: 'https://medicalqr.example/emergency/VisitorToken_123456789',
          qrCodeData: QR_PNG,
          createdAt: new Date().toISOString(),
          expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        },
        { id: 'broken-entry-without-a-token' },
      ]),
    );
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ firstName: 'Vi' }));
    api = stubFetch();
    renderApp('/history');
    await screen.findByRole('heading', { level: 1, name: 'Your QR Code History' });
    expect(items()).toHaveLength(1);
    expect(within(items()[0]!).getByText('Active')).toBeTruthy();
    // A visitor's codes have no server record: no Delete, no details.
    expect(screen.queryByRole('button', { name: 'Delete QR Code' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show Details' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Clear History' }));
    const dialog = await screen.findByRole('dialog', { name: "Clear this browser's history?" });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear History' }));
    expect(await screen.findByText('No QR codes yet')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.history)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('says Access Denied to a visitor with neither a session nor a code made in this browser', async () => {
    localStorage.setItem(STORAGE_KEYS.history, '{not json');
    api = stubFetch();
    renderApp('/history');
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeTruthy();
    // The corrupted value is removed, not kept to fail again.
    expect(localStorage.getItem(STORAGE_KEYS.history)).toBeNull();
  });
});
