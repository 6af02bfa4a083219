import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ShopMessages, type CartItem } from '@medical-qr/contracts';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { aUser, errorReply, stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-with-providers';
import { aCartItem, anOrder, PRINTIFY_IMAGE } from '../../../test/shop-fixtures';
import { visibleToasts } from '../../../test/toasts';

let api: FetchStub | undefined;
beforeEach(() => {
  sessionStorage.clear();
  FakeWebSocket.reset();
});
afterEach(() => {
  api?.restore();
  api = undefined;
});

const luggage = aCartItem();
const keychain = aCartItem({
  id: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  blueprintId: 1,
  productTitle: 'Acrylic Keychain',
  variantLabel: 'Clear',
  quantity: 1,
  unitPrice: 1000,
  discount: 50,
  shippingFirst: 400,
  shippingAdditional: 100,
  itemTotal: 1350,
  countryCode: 'CA',
  shippingAddressLine1: '2 Rue Main',
  shippingAddressLine2: '',
  shippingCity: 'Montréal',
  shippingState: 'QC',
  shippingPostalCode: 'H2X 1Y4',
  mockupUrl: PRINTIFY_IMAGE('mockup-keychain'),
});

/** Ada's cart as the server keeps it: removals and quantity changes apply to it. */
function cartPage(items: CartItem[] = [luggage, keychain], routes: Parameters<typeof stubFetch>[0] = {}) {
  let cart = [...items];
  api = stubFetch({
    'GET /api/auth/user': { body: aUser() },
    'GET /api/cart': () => ({ body: cart }),
    'GET /api/cart/count': () => ({ body: { count: cart.length } }),
    [`DELETE /api/cart/${luggage.id}`]: () => {
      cart = cart.filter((item) => item.id !== luggage.id);
      return { status: 204 };
    },
    [`PATCH /api/cart/${luggage.id}`]: (request) => {
      const quantity = (request.body as { quantity: number }).quantity;
      const updated = { ...luggage, quantity, itemTotal: 1224 * quantity + 450 + 125 * (quantity - 1) };
      cart = cart.map((item) => (item.id === luggage.id ? updated : item));
      return { body: updated };
    },
    ...routes,
  });
  return renderApp('/cart');
}

const lines = () => screen.getAllByRole('article');
const amountIn = (scope: HTMLElement, label: string) => within(scope).getByText(label).nextSibling!.textContent;

describe('/cart', () => {
  it('shows each line with its picture, address, prices and quantity, and the grand total in USD', async () => {
    cartPage();
    await screen.findAllByRole('article');
    expect(document.title).toBe('Cart · Medical QR');
    const [first, second] = lines() as [HTMLElement, HTMLElement];

    expect(within(first).getByRole('heading', { name: 'Luggage Tag' })).toBeTruthy();
    expect(within(first).getByText('Black / 2" x 3"')).toBeTruthy();
    expect(within(first).getByText('Springfield, IL 62701')).toBeTruthy();
    expect(within(first).getByText('United States')).toBeTruthy();
    expect(within(first).getByRole('img').getAttribute('src')).toBe(
      `/api/printify/image-proxy?url=${encodeURIComponent(PRINTIFY_IMAGE('mockup-cart'))}`,
    );
    expect((within(first).getByLabelText('Quantity') as HTMLSelectElement).value).toBe('2');
    expect(amountIn(first, 'Unit price')).toBe('$12.24');
    expect(amountIn(first, 'Products')).toBe('$24.48');
    expect(amountIn(first, 'Shipping')).toBe('$5.75');
    expect(amountIn(first, 'Item total')).toBe('$30.23');

    // A premium line: the discount shows on the unit price.
    expect(amountIn(second, 'Unit price')).toBe('$10.00$9.50');
    expect(within(second).getByText('Canada')).toBeTruthy();

    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('$43.73')).toBeTruthy();
    expect(within(summary).getByText('USD')).toBeTruthy();
    expect(within(summary).getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/qrmerchshop');
  });

  it('leads each line back to the customizer to edit it', async () => {
    const { router } = cartPage();
    await screen.findAllByRole('article');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Luggage Tag' }));
    expect(router.state.location.pathname + router.state.location.search).toBe(
      `/customize/1308?cartItemId=${luggage.id}`,
    );
  });

  it('changes a quantity on the spot and says "Quantity updated"', async () => {
    cartPage();
    await screen.findAllByRole('article');
    fireEvent.change(within(lines()[0]!).getByLabelText('Quantity'), { target: { value: '3' } });
    await waitFor(() => expect(visibleToasts()[0]?.title).toBe('Quantity updated'));
    expect(api!.callsTo(`PATCH /api/cart/${luggage.id}`)[0]!.body).toEqual({ quantity: 3 });
    await waitFor(() => expect(amountIn(lines()[0]!, 'Item total')).toBe('$43.72'));
  });

  it('names the version it changes, and says so when another tab changed the line first', async () => {
    cartPage([luggage], {
      [`PATCH /api/cart/${luggage.id}`]: errorReply(409, ShopMessages.cartLineChanged, {
        code: 'EDIT_CONFLICT',
        current: { ...luggage, quantity: 4, version: 2 },
      }),
    });
    await screen.findAllByRole('article');
    fireEvent.change(within(lines()[0]!).getByLabelText('Quantity'), { target: { value: '3' } });
    await waitFor(() => expect(visibleToasts()[0]?.description).toBe(ShopMessages.cartLineChanged));
    expect(api!.callsTo(`PATCH /api/cart/${luggage.id}`)[0]!.headers['if-match']).toBe(`"${luggage.version}"`);
  });

  it('says "Failed to update quantity" when the server refuses', async () => {
    cartPage([luggage], { [`PATCH /api/cart/${luggage.id}`]: errorReply(500, 'Internal error') });
    await screen.findAllByRole('article');
    fireEvent.change(within(lines()[0]!).getByLabelText('Quantity'), { target: { value: '5' } });
    await waitFor(() => expect(visibleToasts()[0]?.title).toBe('Failed to update quantity'));
  });

  it('removes a line, says "Item removed", and puts focus back at the top of the cart', async () => {
    cartPage();
    await screen.findAllByRole('article');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Luggage Tag' }));
    await waitFor(() => expect(visibleToasts()[0]?.title).toBe('Item removed'));
    await waitFor(() => expect(lines()).toHaveLength(1));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Your Cart' }));
    // The header's count follows.
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Cart, 1 item' }).length).toBeGreaterThan(0));
  });

  it('says "Failed to remove item" when the server refuses', async () => {
    cartPage([luggage], { [`DELETE /api/cart/${luggage.id}`]: errorReply(500, 'Internal error') });
    await screen.findAllByRole('article');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Luggage Tag' }));
    await waitFor(() => expect(visibleToasts()[0]?.title).toBe('Failed to remove item'));
    expect(lines()).toHaveLength(1);
  });

  it('goes to /checkout in cart mode on Proceed to Checkout', async () => {
    sessionStorage.setItem('quickCheckoutData', '{"stale":true}');
    const { router } = cartPage([luggage], {
      'POST /api/cart/create-checkout-session': () => new Promise(() => undefined),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Proceed to Checkout' }));
    expect(router.state.location.pathname).toBe('/checkout');
    expect(sessionStorage.getItem('checkoutMode')).toBe('cart');
    expect(sessionStorage.getItem('quickCheckoutData')).toBeNull();
  });

  it('offers the shop when the cart is empty', async () => {
    cartPage([]);
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Merch Shop' }).getAttribute('href')).toBe('/qrmerchshop');
    expect(screen.queryByRole('button', { name: 'Proceed to Checkout' })).toBeNull();
  });

  it('asks a visitor to sign in', async () => {
    api = stubFetch();
    renderApp('/cart');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(api.callsTo('GET /api/cart')).toHaveLength(0);
  });
});

describe('the header cart badge', () => {
  it('shows the count for a signed-in user and follows a cart_cleared push (with the orders)', async () => {
    let count = 3;
    api = stubFetch({
      'GET /api/auth/user': { body: aUser() },
      'GET /api/cart/count': () => ({ body: { count } }),
      'GET /api/orders/user': { body: [anOrder({ status: 'delivered' })] },
    });
    renderApp('/my-orders');
    expect((await screen.findAllByRole('link', { name: 'Cart, 3 items' })).length).toBeGreaterThan(0);
    await screen.findByRole('heading', { level: 2, name: 'Luggage Tag' });
    const ordersAsked = api.callsTo('GET /api/orders/user').length;

    count = 0;
    const socket = FakeWebSocket.latest()!;
    socket.open();
    socket.receive({ type: 'cart_cleared' });
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Cart' }).length).toBeGreaterThan(0));
    await waitFor(() => expect(api!.callsTo('GET /api/orders/user').length).toBeGreaterThan(ordersAsked));
  });

  it('is not there for visitors, who have no cart', async () => {
    api = stubFetch();
    renderApp('/qrmerchshop');
    await screen.findByRole('heading', { level: 1, name: 'QR Merchandise Shop' });
    expect(screen.queryByRole('link', { name: /^Cart/ })).toBeNull();
    expect(api.callsTo('GET /api/cart/count')).toHaveLength(0);
  });
});
