import { jest } from '@jest/globals';
import type { CreateSubscriptionResponse } from '@medical-qr/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { aUser, errorReply, stubFetch, type FetchStub, type StubHandler } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-with-providers';
import { settle } from '../../../test/settle';
import { browserLocation } from '../../lib/browser';
import { SESSION_KEYS } from '../../lib/login-gate';

const STAND_IN = 'http://localhost:4100';
const CLIENT_SECRET = 'pi_3Test_secret_abc';
const PAY = 'Subscribe for $9.99';

let api: FetchStub | undefined;

beforeEach(() => {
  sessionStorage.clear();
  FakeWebSocket.reset();
});

afterEach(() => {
  api?.restore();
  api = undefined;
  jest.restoreAllMocks();
});

const needsPayment: CreateSubscriptionResponse = {
  requiresPayment: true,
  status: 'incomplete',
  clientSecret: CLIENT_SECRET,
};

/** Ada, signed in and not premium (premium once activated), on /subscribe with the stand-in's card form. */
function subscribePage(routes: Record<string, StubHandler> = {}) {
  let premium = false;
  api = stubFetch({
    'GET /api/auth/user': () => ({ body: aUser({ isPremium: premium }) }),
    'POST /api/create-subscription': { body: needsPayment },
    'GET /api/config/stripe-key': { body: { key: 'pk_test_local_stand_in', apiUrl: STAND_IN } },
    'POST /v1/payment_methods': { body: { id: 'pm_card_1', object: 'payment_method' } },
    'POST /v1/payment_intents/pi_3Test/confirm': {
      body: { id: 'pi_3Test', object: 'payment_intent', status: 'succeeded' },
    },
    'POST /api/activate-premium': () => {
      premium = true;
      return { body: { isPremium: true, expiresAt: '2026-12-25T00:00:00.000Z' } };
    },
    ...routes,
  });
  return renderApp('/subscribe');
}

async function fillCard(number = '4242424242424242', expiry = '1230', cvc = '123') {
  fireEvent.change(await screen.findByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Expiry'), { target: { value: expiry } });
  fireEvent.change(screen.getByLabelText('CVC'), { target: { value: cvc } });
}

describe('/subscribe', () => {
  it('sends a visitor home to sign in, and remembers the upgrade for afterwards', async () => {
    api = stubFetch();
    const { router } = renderApp('/subscribe');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Sign in or create a free account to go Premium.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(sessionStorage.getItem(SESSION_KEYS.upgradeIntent)).toBe('1');
    expect(api.callsTo('POST /api/create-subscription')).toHaveLength(0);
  });

  it('tells a premium user they already are, without starting a subscription', async () => {
    api = stubFetch({ 'GET /api/auth/user': { body: aUser({ isPremium: true }) } });
    renderApp('/subscribe');
    expect(await screen.findByRole('heading', { level: 1, name: "You're already Premium" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to My Account' }).getAttribute('href')).toBe('/my-account');
    expect(api.callsTo('POST /api/create-subscription')).toHaveLength(0);
  });

  it('shows the benefits, the monthly price, the card form and the terms', async () => {
    subscribePage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Go Premium' })).toBeTruthy();
    expect(screen.getByText('$9.99').parentElement!.textContent).toBe('$9.99 per month');
    const benefits = screen.getByRole('heading', { name: 'Everything in Premium' }).nextElementSibling!;
    expect(Array.from(benefits.querySelectorAll('li')).map((item) => item.textContent)).toEqual([
      'Your QR code never expires',
      'Up to 10 emergency contacts',
      'No promos',
      'Premium QR history with search',
      'Export your medical data',
      '5% off QR merchandise',
      'Scan alerts when your card is viewed',
    ]);
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');

    const number = (await screen.findByLabelText('Card number')) as HTMLInputElement;
    expect(number.getAttribute('autocomplete')).toBe('cc-number');
    expect(number.getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByLabelText('Expiry').getAttribute('autocomplete')).toBe('cc-exp');
    expect(screen.getByLabelText('Expiry').getAttribute('placeholder')).toBe('MM / YY');
    expect(screen.getByLabelText('CVC').getAttribute('autocomplete')).toBe('cc-csc');
    expect(document.title).toBe('Go Premium · Medical QR');
  });

  it('formats the card as it is typed, and checks it before sending anything', async () => {
    subscribePage();
    await fillCard('4242424242424241', '1', '');
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4242 4242 4242 4241');
    fireEvent.click(screen.getByRole('button', { name: PAY }));
    await settle();
    expect(screen.getByText('Your card number is invalid.')).toBeTruthy();
    expect(screen.getByText("Your card's expiration date is incomplete.")).toBeTruthy();
    expect(screen.getByText("Your card's security code is incomplete.")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Card number'));
    expect(api!.requests().filter((request) => request.includes('/v1/'))).toEqual([]);
  });

  it('pays with 4242 4242 4242 4242 the way Stripe.js does, activates, and welcomes to premium', async () => {
    subscribePage();
    await fillCard();
    expect((screen.getByLabelText('Expiry') as HTMLInputElement).value).toBe('12 / 30');
    fireEvent.click(screen.getByRole('button', { name: PAY }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Premium!' })).toBeTruthy();
    // The subscription and the card form's key are asked for at once, in either order.
    expect(api!.requests().slice(0, 2).sort()).toEqual(['GET /api/config/stripe-key', 'POST /api/create-subscription']);
    expect(api!.requests().slice(2)).toEqual([
      'POST /v1/payment_methods',
      'POST /v1/payment_intents/pi_3Test/confirm',
      'POST /api/activate-premium',
    ]);
    const [method] = api!.callsTo('POST /v1/payment_methods');
    expect(method!.headers.authorization).toBe('Bearer pk_test_local_stand_in');
    expect(method!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(method!.body).toEqual({
      type: 'card',
      'card[number]': '4242424242424242',
      'card[exp_month]': '12',
      'card[exp_year]': '2030',
      'card[cvc]': '123',
      'billing_details[address][country]': 'US',
    });
    expect(api!.callsTo('POST /v1/payment_intents/pi_3Test/confirm')[0]!.body).toEqual({
      client_secret: CLIENT_SECRET,
      payment_method: 'pm_card_1',
      return_url: `${window.location.origin}/premium/success`,
    });

    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Welcome to Premium!' }));
    expect(document.title).toBe('Welcome to Premium · Medical QR');
    // The account is asked again: the header's badge appears without a reload.
    await waitFor(() => expect(screen.getAllByText('Premium', { selector: 'span' }).length).toBeGreaterThan(0));
    expect(screen.getByRole('link', { name: 'Continue to Home' }).getAttribute('href')).toBe('/');
  });

  it('says "Payment Failed" with the provider\'s message, once, for a declined card, and grants nothing', async () => {
    subscribePage({
      'POST /v1/payment_intents/pi_3Test/confirm': {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          },
        },
      },
    });
    await fillCard('4000000000000002');
    fireEvent.click(screen.getByRole('button', { name: PAY }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Payment Failed')).toBeTruthy();
    expect(within(alert).getByText('Your card was declined.')).toBeTruthy();
    expect(screen.getAllByText('Your card was declined.')).toHaveLength(1);
    expect(api!.callsTo('POST /api/activate-premium')).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Welcome to Premium!' })).toBeNull();
    // The form is ready for another card.
    expect((screen.getByRole('button', { name: PAY }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('puts a card error that names a field under that field', async () => {
    subscribePage({
      'POST /v1/payment_methods': {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: 'incorrect_number',
            param: 'number',
            message: 'Your card number is incorrect.',
          },
        },
      },
    });
    await fillCard('4242424242424242');
    fireEvent.click(screen.getByRole('button', { name: PAY }));
    const number = screen.getByLabelText('Card number');
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Your card number is incorrect.')).toBeTruthy();
    expect(within(screen.getByRole('alert')).getByText('Payment Failed')).toBeTruthy();
  });

  it("sends the browser to the bank's page when the card needs authentication", async () => {
    const assign = jest.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    subscribePage({
      'POST /v1/payment_intents/pi_3Test/confirm': {
        body: {
          id: 'pi_3Test',
          status: 'requires_action',
          next_action: {
            type: 'redirect_to_url',
            redirect_to_url: { url: `${STAND_IN}/authenticate/pi_3Test`, return_url: 'x' },
          },
        },
      },
    });
    await fillCard('4000002500003155');
    fireEvent.click(screen.getByRole('button', { name: PAY }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${STAND_IN}/authenticate/pi_3Test`));
    expect(screen.getByRole('button', { name: 'Processing payment…' })).toBeTruthy();
    expect(api!.callsTo('POST /api/activate-premium')).toHaveLength(0);
  });

  it('says "Failed to create subscription" when the server refuses, and tries again on request', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    subscribePage({ 'POST /api/create-subscription': errorReply(503, 'Billing is unavailable') });
    expect(await screen.findByText('Failed to create subscription. Please try again.')).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();

    api!.route('POST /api/create-subscription', { body: needsPayment });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Card number')).toBeTruthy();
  });

  it('says "Failed to initialize payment" without a client secret', async () => {
    subscribePage({ 'POST /api/create-subscription': { body: { ...needsPayment, clientSecret: null } } });
    expect(await screen.findByText('Failed to initialize payment. Please try again.')).toBeTruthy();
  });

  it('welcomes at once when nothing is due', async () => {
    subscribePage({
      'POST /api/create-subscription': { body: { requiresPayment: false, status: 'active', clientSecret: null } },
    });
    expect(await screen.findByRole('heading', { name: 'Welcome to Premium!' })).toBeTruthy();
    expect(api!.callsTo('POST /api/activate-premium')).toHaveLength(1);
  });

  it('welcomes even when the activation request fails (the provider confirms it), and logs it', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    subscribePage({ 'POST /api/activate-premium': errorReply(503, 'The payment provider did not answer.') });
    await fillCard();
    fireEvent.click(screen.getByRole('button', { name: PAY }));
    expect(await screen.findByRole('heading', { name: 'Welcome to Premium!' })).toBeTruthy();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Premium activation failed'), expect.anything());
  });

  it('welcomes when a subscription_updated message finds the account premium', async () => {
    subscribePage({ 'GET /api/premium/status': { body: { isPremium: true, expiresAt: '2026-12-25T00:00:00.000Z' } } });
    await screen.findByLabelText('Card number');
    const socket = FakeWebSocket.latest()!;
    expect(socket.url).toBe(`ws://${window.location.host}/ws`);
    act(() => {
      socket.open();
      socket.receive({ type: 'subscription_updated' });
    });
    expect(await screen.findByRole('heading', { name: 'Welcome to Premium!' })).toBeTruthy();
  });
});
