import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HistoryResponse } from '@medical-qr/contracts';
import { aUser, errorReply, stubFetch, type FetchStub, type StubbedRequest } from '../../../test/fetch-stub';
import { aMedicalRecord } from '../../../test/records-fixtures';
import { renderApp } from '../../../test/render-with-providers';

let api: FetchStub | undefined;
afterEach(() => {
  api?.restore();
  api = undefined;
});

/** 23 codes in all; each page answers its own ten, named by page and place. */
function historyPage(request: StubbedRequest) {
  const query = new URL(request.url, 'http://localhost').searchParams;
  const page = Number(query.get('page'));
  const search = query.get('search');
  const total = search === 'Latex' ? 1 : search ? 2 : 23;
  const count = Math.max(0, Math.min(10, total - (page - 1) * 10));
  const body: HistoryResponse = {
    total,
    records: Array.from({ length: count }, (_, index) =>
      aMedicalRecord({
        id: `00000000-0000-4000-8000-${String(page * 100 + index).padStart(12, '0')}`,
        token: `P${page}i${index}`.padEnd(22, 'x'),
        allergies: `Allergy ${page}.${index}`,
      }),
    ),
  };
  return { body };
}

const historyCalls = () =>
  api!.callsTo('GET /api/medical-records/history').map((call) => new URL(call.url, 'http://localhost').search);

describe('/premium/history', () => {
  it('asks a visitor to sign in', async () => {
    api = stubFetch();
    renderApp('/premium/history');
    expect(await screen.findByRole('heading', { level: 1, name: 'Premium QR History' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('offers a free member the upgrade, at $9.99 per month, without asking the server for history', async () => {
    api = stubFetch({ 'GET /api/auth/user': { body: aUser() } });
    renderApp('/premium/history');
    const upgrade = await screen.findByRole('link', { name: 'Upgrade to Premium - $9.99/month' });
    expect(upgrade.getAttribute('href')).toBe('/subscribe');
    expect(historyCalls()).toEqual([]);
  });

  it('shows the upgrade when the server says premium has ended', async () => {
    api = stubFetch({
      'GET /api/auth/user': { body: aUser({ isPremium: true }) },
      'GET /api/medical-records/history': errorReply(403, 'Premium history is part of Premium.', {
        code: 'PREMIUM_REQUIRED',
      }),
    });
    renderApp('/premium/history');
    expect(await screen.findByRole('link', { name: 'Upgrade to Premium - $9.99/month' })).toBeTruthy();
  });

  it('pages a premium member through their codes with Previous, Next and up to 5 page buttons', async () => {
    api = stubFetch({
      'GET /api/auth/user': { body: aUser({ isPremium: true }) },
      'GET /api/medical-records/history': historyPage,
    });
    renderApp('/premium/history');
    expect(await screen.findByText('23 codes')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(10);
    const pages = within(screen.getByRole('navigation', { name: 'Pages' }));
    expect(pages.getAllByRole('button', { name: /^Page / }).map((button) => button.textContent)).toEqual([
      '1',
      '2',
      '3',
    ]);
    expect((pages.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    expect(pages.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(pages.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Allergy 2.0')).toBeTruthy();
    fireEvent.click(pages.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Allergy 3.2')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect((pages.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(historyCalls()).toEqual(['?page=1', '?page=2', '?page=3']);
  });

  it('searches after a pause in typing, from the first page, and says how many match', async () => {
    api = stubFetch({
      'GET /api/auth/user': { body: aUser({ isPremium: true }) },
      'GET /api/medical-records/history': historyPage,
    });
    renderApp('/premium/history?page=2');
    await screen.findByText('Allergy 2.0');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by blood type, allergies or conditions' }), {
      target: { value: '  Penicillin ' },
    });
    expect(await screen.findByText('2 codes match "Penicillin".')).toBeTruthy();
    await waitFor(() => expect(historyCalls()).toEqual(['?page=2', '?page=1&search=Penicillin']));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by blood type, allergies or conditions' }), {
      target: { value: 'Latex' },
    });
    expect(await screen.findByText('1 code matches "Latex".')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('shows a premium member without codes the way to a first one', async () => {
    api = stubFetch({
      'GET /api/auth/user': { body: aUser({ isPremium: true }) },
      'GET /api/medical-records/history': { body: { records: [], total: 0 } },
    });
    renderApp('/premium/history');
    expect(await screen.findByText('No QR codes yet')).toBeTruthy();
    expect(screen.getByText('0 codes')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a QR code' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });
});
