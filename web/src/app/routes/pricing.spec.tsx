import { jest } from '@jest/globals';
import type { CurrentUser } from '@medical-qr/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aUser, stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { aMedicalRecord } from '../../../test/records-fixtures';
import { renderApp } from '../../../test/render-with-providers';
import { SESSION_KEYS } from '../../lib/login-gate';

let api: FetchStub | undefined;

beforeEach(() => sessionStorage.clear());

afterEach(() => {
  api?.restore();
  api = undefined;
  jest.restoreAllMocks();
});

function signedIn(user: Partial<CurrentUser> = {}) {
  const record = aMedicalRecord();
  api = stubFetch({
    'GET /api/auth/user': { body: aUser(user) },
    'GET /api/medical-records/dashboard': { body: { record, emergencyContacts: record.emergencyContacts } },
    // Where the plans lead: /subscribe starts a subscription and asks for the card form's key.
    'POST /api/create-subscription': {
      body: { requiresPayment: true, status: 'incomplete', clientSecret: 'pi_stub_secret_stub' },
    },
    'GET /api/config/stripe-key': { body: { key: 'pk_test_stub', apiUrl: 'http://localhost:4100' } },
  });
}

/** Each plan's card, by its name. */
function plan(name: string): HTMLElement {
  return screen.getByRole('heading', { name }).closest('section')!;
}

describe('/pricing', () => {
  it('puts free, signed-in and premium side by side, the visitor on the free plan', async () => {
    api = stubFetch();
    renderApp('/pricing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your plan' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Free',
      'Signed in',
      'Premium',
    ]);
    expect(within(plan('Free')).getByText('Current plan')).toBeTruthy();
    expect(within(plan('Free')).getByText('QR code valid for 2 days')).toBeTruthy();
    expect(within(plan('Signed in')).getByText('QR code valid for 10 days')).toBeTruthy();
    expect(within(plan('Signed in')).getByText('One emergency contact')).toBeTruthy();
    expect(within(plan('Premium')).getByText('$9.99')).toBeTruthy();
    expect(within(plan('Premium')).getByText('per month')).toBeTruthy();
    for (const feature of [
      'Your QR code never expires',
      'Up to 10 emergency contacts',
      'No promos',
      '5% off QR merchandise',
    ]) {
      expect(within(plan('Premium')).getByText(feature)).toBeTruthy();
    }
    expect(within(plan('Free')).getByRole('link', { name: 'Create a free code' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Pricing · Medical QR');
  });

  it('signs a visitor in before premium, and remembers to go on to /subscribe', async () => {
    api = stubFetch();
    renderApp('/pricing');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in to upgrade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Medical QR' });
    expect(within(dialog).getByText('Sign in or create a free account to go Premium.')).toBeTruthy();
    expect(sessionStorage.getItem(SESSION_KEYS.upgradeIntent)).toBe('1');
  });

  it('offers a visitor the free account', async () => {
    api = stubFetch();
    renderApp('/pricing');
    fireEvent.click(await screen.findByRole('button', { name: 'Create free account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Medical QR' });
    expect(within(dialog).getByRole('tab', { name: 'Create Account', selected: true })).toBeTruthy();
  });

  it('sends a signed-in user to /subscribe, their plan marked', async () => {
    signedIn();
    const { router } = renderApp('/pricing');
    const upgrade = await screen.findByRole('link', { name: 'Upgrade to Premium' });
    expect(within(plan('Signed in')).getByText('Current plan')).toBeTruthy();
    expect(within(plan('Free')).queryByRole('link')).toBeNull();
    fireEvent.click(upgrade);
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscribe'));
  });

  it("tells a premium user they're premium, and where to manage it", async () => {
    signedIn({ isPremium: true });
    renderApp('/pricing');
    expect(await screen.findByText("You're Premium")).toBeTruthy();
    expect(within(plan('Premium')).getByText('Current plan')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage in My Account' }).getAttribute('href')).toBe('/my-account');
  });

  it('has no Go Premium prompt in the header: the plans are the page', async () => {
    signedIn();
    renderApp('/pricing');
    await screen.findByRole('link', { name: 'Upgrade to Premium' });
    expect(screen.queryByRole('button', { name: 'Go Premium' })).toBeNull();
  });
});

describe('the pricing dialog and the house promo', () => {
  it("opens from the header's Go Premium, and closes on the way to /subscribe", async () => {
    signedIn();
    const { router } = renderApp('/');
    const quickActions = within(await screen.findByRole('navigation', { name: 'Quick actions' }));
    fireEvent.click(await quickActions.findByRole('button', { name: 'Go Premium' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose your plan' });
    // Asked about premium: it comes first.
    expect(
      within(dialog)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Premium', 'Signed in', 'Free']);
    fireEvent.click(within(dialog).getByRole('link', { name: 'Upgrade to Premium' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscribe'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Choose your plan' })).toBeNull());
  });

  it('shows non-premium users one quiet promo below the form, which opens the plans', async () => {
    signedIn();
    renderApp('/');
    const promo = await screen.findByRole('complementary', { name: 'Medical QR Premium' });
    expect(promo.textContent).toContain('A code that never expires');
    fireEvent.click(within(promo).getByRole('button', { name: 'Go Premium' }));
    expect(await screen.findByRole('dialog', { name: 'Choose your plan' })).toBeTruthy();
  });

  it('shows premium users no promo and no upgrade prompt', async () => {
    signedIn({ isPremium: true });
    renderApp('/');
    await screen.findByRole('region', { name: 'Your medical information' });
    expect(screen.queryByRole('complementary', { name: 'Medical QR Premium' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Go Premium' })).toBeNull();
  });
});
