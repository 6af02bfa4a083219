import { jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import { aUser, stubFetch, type FetchStub, type StubHandler } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-with-providers';
import { advance } from '../../../test/timers';

let api: FetchStub | undefined;

afterEach(() => {
  api?.restore();
  api = undefined;
  jest.useRealTimers();
  jest.restoreAllMocks();
});

/**
 * Lets the screen load and its first requests settle (the session, then the activation): a few frames, since the
 * store batches its updates to the next animation frame.
 */
async function arrive() {
  for (let pass = 0; pass < 5; pass += 1) await advance(20);
}

const premium = (isPremium: boolean) => ({
  body: { isPremium, expiresAt: isPremium ? '2026-12-25T00:00:00.000Z' : null },
});

/** Ada back from the provider on /premium/success`query`; premium status answers from `statuses` in turn. */
async function returnFromProvider(
  query: string,
  { activation = premium(false), statuses = [false] } = {},
  routes: Record<string, StubHandler> = {},
) {
  jest.useFakeTimers();
  let asked = 0;
  api = stubFetch({
    'GET /api/auth/user': { body: aUser() },
    'POST /api/activate-premium': activation,
    'GET /api/premium/status': () => premium(statuses[Math.min(asked++, statuses.length - 1)]!),
    ...routes,
  });
  const view = renderApp(`/premium/success${query}`);
  await arrive();
  return view;
}

const statusChecks = () => api!.callsTo('GET /api/premium/status').length;

describe('/premium/success', () => {
  it('asks the server to activate once, polls every second, and says "Payment Successful!"', async () => {
    await returnFromProvider('?payment_intent=pi_1&redirect_status=succeeded', { statuses: [false, false, true] });
    expect(screen.getByRole('heading', { level: 1, name: 'Confirming your payment…' })).toBeTruthy();
    expect(api!.callsTo('POST /api/activate-premium')).toHaveLength(1);
    expect(statusChecks()).toBe(0);

    await advance(1000);
    expect(statusChecks()).toBe(1);
    await advance(2000);
    expect(statusChecks()).toBe(3);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeTruthy();
    expect(document.title).toBe('Payment successful · Medical QR');
    await advance(10_000);
    expect(statusChecks()).toBe(3);
    expect(api!.callsTo('POST /api/activate-premium')).toHaveLength(1);
  });

  it('needs no polling when the activation already finds the payment', async () => {
    await returnFromProvider('?redirect_status=succeeded', { activation: premium(true) });
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeTruthy();
    expect(statusChecks()).toBe(0);
  });

  it('lists what premium unlocks, with the way home, the QR history and support', async () => {
    await returnFromProvider('', { activation: premium(true) });
    const unlocked = screen.getByRole('heading', { name: 'Unlocked for you' }).nextElementSibling!;
    expect(unlocked.querySelectorAll('li')).toHaveLength(7);
    expect(unlocked.textContent).toContain('Your QR code never expires');
    expect(screen.getByRole('link', { name: 'Continue to Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'View QR History' }).getAttribute('href')).toBe('/history');
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/contact-us');
  });

  it('says "Payment Processing" after 30 checks without premium, and stops asking', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await returnFromProvider('?redirect_status=succeeded', { statuses: [false] });
    await advance(29_000);
    expect(statusChecks()).toBe(29);
    expect(screen.getByRole('heading', { level: 1, name: 'Confirming your payment…' })).toBeTruthy();
    await advance(1000);
    expect(statusChecks()).toBe(30);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Processing' })).toBeTruthy();
    expect(screen.getByText(/Premium switches on by itself/)).toBeTruthy();
    await advance(60_000);
    expect(statusChecks()).toBe(30);
  });

  it('says "Payment Failed" with the provider\'s reason after a refused authentication, and grants nothing', async () => {
    await returnFromProvider(
      '?payment_intent=pi_9&payment_intent_client_secret=pi_9_secret_x&redirect_status=failed',
      {},
      {
        'GET /api/config/stripe-key': { body: { key: 'pk_test_local_stand_in', apiUrl: 'http://localhost:4100' } },
        'GET /v1/payment_intents/pi_9': {
          body: {
            id: 'pi_9',
            status: 'requires_payment_method',
            last_payment_error: { message: 'We are unable to authenticate your payment method.' },
          },
        },
      },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Failed' })).toBeTruthy();
    expect(screen.getByText('We are unable to authenticate your payment method.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/subscribe');
    const [lookup] = api!.callsTo('GET /v1/payment_intents/pi_9');
    expect(lookup!.url).toBe('/v1/payment_intents/pi_9?client_secret=pi_9_secret_x');
    expect(lookup!.headers.authorization).toBe('Bearer pk_test_local_stand_in');
    expect(api!.callsTo('POST /api/activate-premium')).toHaveLength(0);
  });

  it('asks a visitor to sign in', async () => {
    jest.useFakeTimers();
    api = stubFetch();
    renderApp('/premium/success?redirect_status=succeeded');
    await arrive();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to see your payment' })).toBeTruthy();
    expect(api.callsTo('POST /api/activate-premium')).toHaveLength(0);
  });
});
