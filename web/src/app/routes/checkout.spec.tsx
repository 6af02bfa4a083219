import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aUser, errorReply, stubFetch, type FetchStub, type StubHandler } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-with-providers';
import { aCartItem, anOrder, PRINTIFY_IMAGE } from '../../../test/shop-fixtures';
import { visibleToasts } from '../../../test/toasts';
import { browserLocation } from '../../lib/browser';

const STAND_IN = 'http://localhost:4100';
const CLIENT_SECRET = 'pi_shop_secret_abc';

let api: FetchStub | undefined;
beforeEach(() => sessionStorage.clear());
afterEach(() => {
  api?.restore();
  api = undefined;
  jest.restoreAllMocks();
});

const quickItem = {
  blueprintId: 1308,
  printProviderId: 7,
  variantId: 101,
  quantity: 1,
  countryCode: 'US',
  shippingAddressLine1: '1 Main St',
  shippingAddressLine2: '',
  shippingCity: 'Springfield',
  shippingState: 'IL',
  shippingPostalCode: '62701',
  qrScale: '0.5',
  printifyProductId: 'prod_quick_checkout',
  productTitle: 'Luggage Tag',
  variantLabel: 'White / 2" x 3"',
  mockupUrl: PRINTIFY_IMAGE('tagged-quick'),
};

function checkoutPage(routes: Record<string, StubHandler> = {}, route = '/checkout') {
  api = stubFetch({
    'GET /api/auth/user': { body: aUser() },
    'POST /api/cart/quick-checkout': {
      body: { clientSecret: CLIENT_SECRET, paymentIntentId: 'pi_shop', amount: 1674 },
    },
    'POST /api/cart/create-checkout-session': {
      body: { clientSecret: CLIENT_SECRET, paymentIntentId: 'pi_shop', amount: 2598 },
    },
    'GET /api/cart': { body: [aCartItem({ itemTotal: 2598 })] },
    'GET /api/orders/user': { body: [anOrder()] },
    'POST /api/orders/9d2f4b1a-7c3e-4e5f-8a9b-1c2d3e4f5a6b/sync-status': { body: anOrder() },
    'GET /api/config/stripe-key': { body: { key: 'pk_test_local_stand_in', apiUrl: STAND_IN } },
    'POST /v1/payment_methods': { body: { id: 'pm_card_1', object: 'payment_method' } },
    'POST /v1/payment_intents/pi_shop/confirm': {
      body: { id: 'pi_shop', object: 'payment_intent', status: 'succeeded' },
    },
    ...routes,
  });
  return renderApp(route);
}

async function payWith(number: string, label: string) {
  fireEvent.change(await screen.findByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Expiry'), { target: { value: '1230' } });
  fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
  fireEvent.click(screen.getByRole('button', { name: label }));
}

describe('/checkout', () => {
  it('sends someone with nothing to pay for to the cart', async () => {
    const { router } = checkoutPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(api!.requests().filter((request) => request.startsWith('POST'))).toEqual([]);
  });

  it('pays a quick checkout’s one item: summary, the server’s total and "Pay $X", then on to My Orders', async () => {
    sessionStorage.setItem('quickCheckoutData', JSON.stringify(quickItem));
    const { router } = checkoutPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    expect(document.title).toBe('Checkout · Medical QR');
    expect(api!.callsTo('POST /api/cart/quick-checkout')[0]!.body).toEqual({ item: quickItem });
    expect(api!.callsTo('POST /api/cart/create-checkout-session')).toHaveLength(0);

    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Luggage Tag')).toBeTruthy();
    expect(within(summary).getByText('Ship to 1 Main St, Springfield, IL 62701, United States')).toBeTruthy();
    expect(within(summary).getByText('$16.74')).toBeTruthy();

    await payWith('4242424242424242', 'Pay $16.74');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-orders'));
    // The toasts' region loads beside the page: the toast shows once it has.
    await waitFor(() =>
      expect(visibleToasts()[0]).toMatchObject({ title: 'Order Placed!', description: 'Thank you for your purchase.' }),
    );
    expect(sessionStorage.getItem('quickCheckoutData')).toBeNull();
    expect(sessionStorage.getItem('checkoutMode')).toBeNull();
    expect(api!.callsTo('POST /v1/payment_intents/pi_shop/confirm')[0]!.body).toMatchObject({
      client_secret: CLIENT_SECRET,
      return_url: `${window.location.origin}/checkout/success`,
    });
  });

  it('pays the cart in cart mode, listing its lines', async () => {
    sessionStorage.setItem('checkoutMode', 'cart');
    checkoutPage();
    expect(await screen.findByRole('button', { name: 'Pay $25.98' })).toBeTruthy();
    expect(api!.callsTo('POST /api/cart/create-checkout-session')[0]!.body).toEqual({});
    const summary = screen.getByRole('region', { name: 'Order summary' });
    await waitFor(() => expect(within(summary).getByText('Black / 2" x 3" · Quantity 2')).toBeTruthy());
  });

  it('says "Failed to create checkout session" and goes back to the cart when the payment cannot be set up', async () => {
    sessionStorage.setItem('checkoutMode', 'cart');
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { router } = checkoutPage({
      'POST /api/cart/create-checkout-session': errorReply(400, 'Your cart is empty.'),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    await waitFor(() =>
      expect(visibleToasts()[0]).toMatchObject({
        type: 'error',
        title: 'Failed to create checkout session',
        description: 'Your cart is empty.',
      }),
    );
  });

  it("shows a declined card's message once and leaves the cart as it was", async () => {
    sessionStorage.setItem('checkoutMode', 'cart');
    const { router } = checkoutPage({
      'POST /v1/payment_intents/pi_shop/confirm': {
        status: 402,
        body: { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } },
      },
    });
    await payWith('4000000000000002', 'Pay $25.98');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Payment Failed')).toBeTruthy();
    expect(screen.getAllByText('Your card was declined.')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/checkout');
    expect(sessionStorage.getItem('checkoutMode')).toBe('cart');
    expect(api!.requests().filter((request) => request.startsWith('DELETE'))).toEqual([]);
    expect((screen.getByRole('button', { name: 'Pay $25.98' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('follows the bank’s confirmation page when the card asks for one', async () => {
    sessionStorage.setItem('checkoutMode', 'cart');
    const assign = jest.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    checkoutPage({
      'POST /v1/payment_intents/pi_shop/confirm': {
        body: {
          id: 'pi_shop',
          object: 'payment_intent',
          status: 'requires_action',
          next_action: { type: 'redirect_to_url', redirect_to_url: { url: `${STAND_IN}/authenticate/pi_shop` } },
        },
      },
    });
    await payWith('4000002500003155', 'Pay $25.98');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${STAND_IN}/authenticate/pi_shop`));
  });
});

describe('/checkout/success (back from the bank)', () => {
  it('places the order when the payment went through', async () => {
    sessionStorage.setItem('checkoutMode', 'cart');
    const { router } = checkoutPage(
      {},
      `/checkout/success?redirect_status=succeeded&payment_intent_client_secret=${CLIENT_SECRET}`,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-orders'));
    await waitFor(() => expect(visibleToasts()[0]?.title).toBe('Order Placed!'));
    expect(sessionStorage.getItem('checkoutMode')).toBeNull();
  });

  it('says why the bank refused, and offers to try again with the cart untouched', async () => {
    sessionStorage.setItem('checkoutMode', 'cart');
    checkoutPage(
      {
        'GET /v1/payment_intents/pi_shop': {
          body: {
            id: 'pi_shop',
            object: 'payment_intent',
            status: 'requires_payment_method',
            last_payment_error: { message: 'We are unable to authenticate your payment method.' },
          },
        },
      },
      `/checkout/success?redirect_status=failed&payment_intent_client_secret=${CLIENT_SECRET}`,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Failed' })).toBeTruthy();
    expect(screen.getByText('We are unable to authenticate your payment method.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/checkout');
    expect(sessionStorage.getItem('checkoutMode')).toBe('cart');
  });
});
