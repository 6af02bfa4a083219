import { jest } from '@jest/globals';
import type { CurrentUser, SubscriptionDetails } from '@medical-qr/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aUser, errorReply, stubFetch, type FetchStub, type StubHandler } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-with-providers';
import { visibleToasts } from '../../../test/toasts';
import { formatDate } from '../../lib/format-date';

let api: FetchStub | undefined;

afterEach(() => {
  api?.restore();
  api = undefined;
  jest.restoreAllMocks();
});

const PERIOD_END = '2026-12-25T10:00:00.000Z';

function aSubscription(overrides: Partial<SubscriptionDetails> = {}): SubscriptionDetails {
  return {
    status: 'active',
    startedAt: '2026-11-25T10:00:00.000Z',
    currentPeriodStart: '2026-11-25T10:00:00.000Z',
    currentPeriodEnd: PERIOD_END,
    cancelAtPeriodEnd: false,
    priceCents: 999,
    currency: 'usd',
    interval: 'month',
    ...overrides,
  };
}

function accountPage(user: Partial<CurrentUser> = {}, routes: Record<string, StubHandler> = {}) {
  api = stubFetch({ 'GET /api/auth/user': { body: aUser(user) }, ...routes });
  return renderApp('/my-account');
}

/** The value shown under a label in a facts list. */
function fact(scope: HTMLElement, label: string): string {
  const term = within(scope).getByText(label, { selector: 'dt' });
  return term.nextElementSibling!.textContent ?? '';
}

describe('/my-account', () => {
  it('says Access Denied to a visitor, with a way to sign in', async () => {
    api = stubFetch();
    renderApp('/my-account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome to Medical QR' })).toBeTruthy();
  });

  it("shows the account's facts, and the upgrade among the tiles for a free account", async () => {
    accountPage({ phoneNumber: null });
    const info = (await screen.findByRole('heading', { name: 'Account information' })).parentElement!;
    expect(fact(info, 'Full name')).toBe('Ada Lovelace');
    expect(fact(info, 'Email')).toBe('ada@example.com');
    expect(fact(info, 'Account type')).toBe('Logged In');
    expect(fact(info, 'Phone')).toBe('Not added');
    expect(fact(info, 'Member since')).toBe(formatDate('2025-01-02T03:04:05.000Z'));
    expect(document.title).toBe('My Account · Medical QR');

    const tiles = within(screen.getByRole('navigation', { name: 'Account shortcuts' }));
    expect(tiles.getByRole('link', { name: /QR Code History/ }).getAttribute('href')).toBe('/history');
    expect(tiles.getByRole('link', { name: /Privacy controls/ }).getAttribute('href')).toBe('/privacy');
    expect(tiles.getByRole('link', { name: /Upgrade to Premium/ }).getAttribute('href')).toBe('/subscribe');
    expect(screen.queryByRole('heading', { name: 'Premium subscription' })).toBeNull();
    expect(api!.callsTo('GET /api/subscription/details')).toHaveLength(0);
  });

  it('names a trial account "Free - Trial" and a premium one "Premium"', async () => {
    const { unmount } = accountPage({ isTemporary: true, phoneNumber: '+1 555 0100' });
    const info = (await screen.findByRole('heading', { name: 'Account information' })).parentElement!;
    expect(fact(info, 'Account type')).toBe('Free - Trial');
    expect(fact(info, 'Phone')).toBe('+1 555 0100');
    unmount();
    api!.restore();

    accountPage({ isPremium: true }, { 'GET /api/subscription/details': { body: aSubscription() } });
    const premiumInfo = (await screen.findByRole('heading', { name: 'Account information' })).parentElement!;
    expect(fact(premiumInfo, 'Account type')).toBe('Premium');
    expect(screen.queryByRole('link', { name: /Upgrade to Premium/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Premium QR History/ }).getAttribute('href')).toBe('/premium/history');
  });

  it('shows the active subscription, and cancels it after a confirmation', async () => {
    let subscription = aSubscription();
    accountPage(
      { isPremium: true },
      {
        'GET /api/subscription/details': () => ({ body: subscription }),
        'POST /api/subscription/cancel': () => {
          subscription = aSubscription({ status: 'canceling', cancelAtPeriodEnd: true });
          return { body: { cancelAt: PERIOD_END, subscription } };
        },
      },
    );
    const card = (await screen.findByRole('heading', { name: 'Premium subscription' })).parentElement!;
    await within(card).findByText('Active');
    expect(fact(card, 'Status')).toBe('Active');
    expect(fact(card, 'Billing')).toBe('Recurring Monthly');
    expect(fact(card, 'Started')).toBe(formatDate('2026-11-25T10:00:00.000Z'));
    expect(fact(card, 'Renews on')).toBe(formatDate(PERIOD_END));
    expect(fact(card, 'Price')).toBe('$9.99 per month');

    fireEvent.click(within(card).getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your subscription?' });
    expect(dialog.textContent).toContain(`Premium stays until ${formatDate(PERIOD_END)}`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(visibleToasts()).toEqual([
      {
        type: 'success',
        title: 'Subscription canceled',
        description: `Premium stays active until ${formatDate(PERIOD_END)}.`,
      },
    ]);
    await within(card).findByText('Canceling');
    expect(fact(card, 'Billing')).toBe('Ending');
    expect(fact(card, 'Ends on')).toBe(formatDate(PERIOD_END));
    expect(within(card).getByRole('button', { name: 'Resume subscription' })).toBeTruthy();
    expect(api!.callsTo('POST /api/subscription/cancel')).toHaveLength(1);
  });

  it('keeps Premium when the confirmation is declined', async () => {
    accountPage({ isPremium: true }, { 'GET /api/subscription/details': { body: aSubscription() } });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep Premium' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api!.callsTo('POST /api/subscription/cancel')).toHaveLength(0);
  });

  it('says "Failed to cancel subscription" when the server refuses', async () => {
    accountPage(
      { isPremium: true },
      {
        'GET /api/subscription/details': { body: aSubscription() },
        'POST /api/subscription/cancel': errorReply(409, 'Your subscription already ends at the end of this period.'),
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() =>
      expect(visibleToasts()).toEqual([
        {
          type: 'error',
          title: 'Failed to cancel subscription',
          description: 'Your subscription already ends at the end of this period.',
        },
      ]),
    );
  });

  it('resumes a canceling subscription, and says "Failed to resume subscription" when that fails', async () => {
    let subscription = aSubscription({ status: 'canceling', cancelAtPeriodEnd: true });
    accountPage(
      { isPremium: true },
      {
        'GET /api/subscription/details': () => ({ body: subscription }),
        'POST /api/subscription/resume': errorReply(503, 'The payment provider did not answer.'),
      },
    );
    const resume = await screen.findByRole('button', { name: 'Resume subscription' });
    expect(screen.getByText(/Premium ends on/)).toBeTruthy();
    fireEvent.click(resume);
    await waitFor(() => expect(visibleToasts()[0]?.title).toBe('Failed to resume subscription'));

    api!.route('POST /api/subscription/resume', () => {
      subscription = aSubscription();
      return { body: subscription };
    });
    fireEvent.click(screen.getByRole('button', { name: 'Resume subscription' }));
    await waitFor(() =>
      expect(visibleToasts()).toEqual([
        { type: 'success', title: 'Subscription resumed', description: `Premium renews on ${formatDate(PERIOD_END)}.` },
      ]),
    );
    expect(await screen.findByRole('button', { name: 'Cancel subscription' })).toBeTruthy();
  });
});
