import type { DashboardResponse, MedicalRecord, RecordSummary } from '@medical-qr/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aUser, stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { fillMedicalForm } from '../../../test/medical-form';
import { aMedicalRecord } from '../../../test/records-fixtures';
import { renderApp } from '../../../test/render-with-providers';

let api: FetchStub | undefined;

afterEach(() => {
  api?.restore();
  api = undefined;
});

const mine = aMedicalRecord({ label: 'Me', expiresAt: null, allergies: 'Latex' });
const sams = aMedicalRecord({
  id: '22222222-2222-4222-8222-222222222222',
  token: 'SamsToken_123456789012',
  label: 'Sam (child)',
  firstName: 'Sam',
  allergies: 'Peanuts',
  expiresAt: null,
});

const summaryOf = ({ id, token, label, cardUrl, createdAt, expiresAt, isActive }: MedicalRecord): RecordSummary => ({
  id,
  token,
  label,
  cardUrl,
  createdAt,
  expiresAt,
  isActive,
});

/** A premium member whose newest code is `newest`, with `codes` active. */
function premiumHome(newest: MedicalRecord, codes: MedicalRecord[]) {
  const dashboard: DashboardResponse = { record: newest, emergencyContacts: newest.emergencyContacts };
  api = stubFetch({
    'GET /api/auth/user': { body: aUser({ isPremium: true }) },
    'GET /api/medical-records/dashboard': { body: dashboard },
    'GET /api/medical-records': { body: { records: codes.map(summaryOf), page: 1, limit: 50, total: codes.length } },
    ...Object.fromEntries(codes.map((code) => [`GET /api/medical-records/${code.id}`, { body: code }])),
  });
  return renderApp('/');
}

const codeList = () => screen.findByRole('region', { name: 'Your codes' });

describe('signed-in home: premium codes', () => {
  it('lists the active codes by name and edits the one chosen, fetched in full', async () => {
    premiumHome(sams, [sams, mine]);
    const list = await codeList();
    expect(api?.callsTo('GET /api/medical-records')[0]?.url).toBe('/api/medical-records?status=active&limit=50');
    expect(within(list).getByRole('button', { name: /^Sam \(child\)/, pressed: true })).toBeTruthy();
    expect((screen.getByLabelText('Allergies') as HTMLTextAreaElement).value).toBe('Peanuts');

    fireEvent.click(within(list).getByRole('button', { name: /^Me/ }));
    expect(await screen.findByRole('heading', { name: 'Medical information for “Me”' })).toBeTruthy();
    expect((screen.getByLabelText('Allergies') as HTMLTextAreaElement).value).toBe('Latex');
    expect(screen.getByRole('region', { name: '“Me” QR code' })).toBeTruthy();
    expect(api?.callsTo(`GET /api/medical-records/${mine.id}`)).toHaveLength(1);
  });

  it('adds another code with its name, beside the others (addAnother), from a form that keeps only who to reach', async () => {
    premiumHome(mine, [mine]);
    api!.route('POST /api/medical-records', { body: sams });
    fireEvent.click(within(await codeList()).getByRole('button', { name: 'Add another code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add another code' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(/Give the code a name/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Name of the code'), { target: { value: 'Sam (child)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

    const form = await screen.findByRole('region', { name: 'New code: Sam (child)' });
    expect((within(form).getByLabelText('First name') as HTMLInputElement).value).toBe('');
    expect((within(form).getByLabelText('Allergies') as HTMLTextAreaElement).value).toBe('');
    expect((within(form).getByLabelText('Last name') as HTMLInputElement).value).toBe(mine.lastName);
    fillMedicalForm(form, { firstName: 'Sam', bloodGroup: 'O+', allergies: 'Peanuts', consent: true });
    fireEvent.click(within(form).getByRole('button', { name: 'Create QR Code' }));

    await waitFor(() => expect(api?.callsTo('POST /api/medical-records')).toHaveLength(1));
    expect(api?.callsTo('POST /api/medical-records')[0]?.body).toMatchObject({
      label: 'Sam (child)',
      addAnother: true,
      firstName: 'Sam',
      allergies: 'Peanuts',
    });
  });

  it('gives up a code being added with Cancel: the chosen code is back, focus on "Add another code"', async () => {
    premiumHome(mine, [mine]);
    const list = await codeList();
    fireEvent.click(within(list).getByRole('button', { name: 'Add another code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add another code' });
    fireEvent.change(within(dialog).getByLabelText('Name of the code'), { target: { value: 'Bag tag' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await screen.findByRole('region', { name: 'New code: Bag tag' });

    fireEvent.click(within(list).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Medical information for “Me”' })).toBeTruthy();
    expect(document.activeElement).toBe(within(list).getByRole('button', { name: 'Add another code' }));
    expect(api?.callsTo('POST /api/medical-records')).toHaveLength(0);
  });

  it('shows a free member no code list and no "Add another code"', async () => {
    api = stubFetch({
      'GET /api/auth/user': { body: aUser() },
      'GET /api/medical-records/dashboard': { body: { record: mine, emergencyContacts: mine.emergencyContacts } },
    });
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Replace my code' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your codes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add another code' })).toBeNull();
    expect(api.requests()).not.toContain('GET /api/medical-records');
  });
});
