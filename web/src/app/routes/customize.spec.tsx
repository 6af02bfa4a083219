import { jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aUser, errorReply, stubFetch, type FetchStub, type StubbedRequest } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-with-providers';
import { aCartItem, catalogRoutes, PRINTIFY_IMAGE } from '../../../test/shop-fixtures';
import { advance } from '../../../test/timers';
import { visibleToasts } from '../../../test/toasts';

let api: FetchStub | undefined;
beforeEach(() => sessionStorage.clear());
afterEach(() => {
  api?.restore();
  api = undefined;
  jest.useRealTimers();
  jest.restoreAllMocks();
});

type MockupBody = { variantId: number; scale: number; tag?: string };

/** The preview's picture says which variant and scale it shows. */
const mockupImage = ({ variantId, scale }: MockupBody) => PRINTIFY_IMAGE(`mockup-${variantId}-${scale}`);
const mockupReply = (request: StubbedRequest) => {
  const body = request.body as MockupBody;
  return { body: { cost: 612, printifyProductId: `prod_preview_${body.variantId}`, mockupUrls: [mockupImage(body)] } };
};

function customizePage(route = '/customize/1308', routes: Parameters<typeof stubFetch>[0] = {}, user = aUser()) {
  api = stubFetch({
    'GET /api/auth/user': { body: user },
    ...catalogRoutes(),
    'POST /api/printify/generate-mockup': mockupReply,
    'POST /api/printify/generate-mockup-with-tag': (request) => {
      const body = request.body as MockupBody;
      return { body: { productId: `prod_${body.tag}`, cost: 612, mockupUrls: [PRINTIFY_IMAGE(`tagged-${body.tag}`)] } };
    },
    'POST /api/cart/add': (request) => ({ status: 200, body: aCartItem(request.body as object) }),
    'GET /api/cart': { body: [] },
    ...routes,
  });
  return renderApp(route);
}

const mockupBodies = () => api!.callsTo('POST /api/printify/generate-mockup').map((call) => call.body);
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const previewImage = () => within(screen.getByRole('region', { name: 'Preview' })).getByRole('img');

function fillShipping(country = 'US') {
  fireEvent.change(field('Country'), { target: { value: country } });
  fireEvent.change(field('Address line 1'), { target: { value: '1 Main St' } });
  fireEvent.change(field('City'), { target: { value: 'Springfield' } });
  fireEvent.change(field('State / Province'), { target: { value: 'IL' } });
  fireEvent.change(field('Postal code'), { target: { value: '62701' } });
}

async function previewShown(variantId = 101, scale = 0.5) {
  await waitFor(() =>
    expect(previewImage().getAttribute('src')).toContain(encodeURIComponent(mockupImage({ variantId, scale }))),
  );
}

describe('/customize/{blueprintId}', () => {
  it('takes the first provider and variant, previews the code on it at half size, and prices it', async () => {
    customizePage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Luggage Tag' })).toBeTruthy();
    await previewShown();
    expect(document.title).toBe('Customize Luggage Tag · Medical QR');
    expect(previewImage().getAttribute('alt')).toBe('Mockup of your QR code on the Luggage Tag');
    expect(mockupBodies()).toEqual([{ blueprintId: 1308, printProviderId: 7, variantId: 101, scale: 0.5 }]);
    expect((field('Print provider') as unknown as HTMLSelectElement).value).toBe('7');
    expect((field('Variant') as unknown as HTMLSelectElement).value).toBe('101');
    expect(screen.getByRole('slider', { name: 'QR code size' }).getAttribute('aria-valuetext')).toBe(
      '50% of the print area',
    );
    // Twice the provider's cost; shipping once a country is chosen.
    expect(screen.getByText('Unit price').nextSibling!.textContent).toBe('$12.24');
    expect(screen.getByText('Choose a country to see shipping and the total.')).toBeTruthy();
  });

  it('keeps Add to Cart and Quick Checkout off until the country and the address are there', async () => {
    customizePage();
    await previewShown();
    expect(button('Add to Cart').disabled).toBe(true);
    expect(button('Quick Checkout').disabled).toBe(true);
    expect(screen.getByText('Choose the country to ship to.')).toBeTruthy();
    // The address waits for the country: choosing one clears it.
    expect(field('Address line 1').disabled).toBe(true);

    fillShipping();
    expect(button('Add to Cart').disabled).toBe(false);
    expect(button('Quick Checkout').disabled).toBe(false);
    fireEvent.change(field('City'), { target: { value: '   ' } });
    expect(button('Add to Cart').disabled).toBe(true);
    expect(screen.getByText('Enter the shipping address: line 1, city, state and postal code.')).toBeTruthy();
  });

  it('shows shipping for the first and each additional item, and the total, for the quantity', async () => {
    customizePage();
    await previewShown();
    fillShipping();
    fireEvent.change(field('Quantity'), { target: { value: '3' } });
    expect(screen.getByText('Shipping').nextSibling!.textContent).toBe('$7.00');
    expect(screen.getByText('$4.50 for the first item, $1.25 for each additional one')).toBeTruthy();
    expect(screen.getByText('Item total').nextSibling!.textContent).toBe('$43.72');
    expect(screen.queryByText(/Premium discount/)).toBeNull();
  });

  it('takes 5% off the unit price for premium members', async () => {
    customizePage('/customize/1308', {}, aUser({ isPremium: true }));
    await previewShown();
    fillShipping();
    expect(screen.getByText('Premium discount (5%)').nextSibling!.textContent).toBe('−$0.61 each');
    expect(screen.getByText('Item total').nextSibling!.textContent).toBe('$16.13');
  });

  it('clears the address when the country changes, and says when the variant does not ship there', async () => {
    customizePage();
    await previewShown();
    fillShipping('US');
    fireEvent.change(field('Variant'), { target: { value: '102' } });
    await previewShown(102);
    fireEvent.change(field('Country'), { target: { value: 'GB' } });
    expect(field('Address line 1').value).toBe('');
    expect(field('City').value).toBe('');
    expect(screen.getByText('Shipping not available for this country')).toBeTruthy();
    expect(button('Add to Cart').disabled).toBe(true);
  });

  it('narrows the countries with the search', async () => {
    customizePage();
    await previewShown();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search countries' }), { target: { value: 'united' } });
    const options = Array.from((field('Country') as unknown as HTMLSelectElement).options).map((option) => option.text);
    expect(options).toEqual(['Choose a country', 'United States', 'United Kingdom']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search countries' }), { target: { value: 'zz' } });
    expect(screen.getByText('No country matches "zz".')).toBeTruthy();
  });

  it('previews a new variant at once, and a new provider with its own first variant', async () => {
    customizePage();
    await previewShown();
    fireEvent.change(field('Variant'), { target: { value: '102' } });
    await previewShown(102);
    fireEvent.change(field('Print provider'), { target: { value: '9' } });
    await previewShown(201);
    expect(mockupBodies().map((body) => (body as MockupBody).variantId)).toEqual([101, 102, 201]);
  });

  it('adds the line to the cart with the product made for it, says "Added to cart" and shows the cart', async () => {
    const { router } = customizePage();
    await previewShown();
    fillShipping();
    const countsBefore = api!.callsTo('GET /api/cart/count').length;
    fireEvent.click(button('Add to Cart'));

    await waitFor(() => expect(visibleToasts()[0]?.title).toBe('Added to cart'));
    expect(router.state.location.pathname).toBe('/cart');
    expect(api!.callsTo('POST /api/printify/generate-mockup-with-tag')[0]!.body).toEqual({
      blueprintId: 1308,
      printProviderId: 7,
      variantId: 101,
      scale: 0.5,
      tag: 'in_cart',
    });
    expect(api!.callsTo('POST /api/cart/add')[0]!.body).toEqual({
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
      printifyProductId: 'prod_in_cart',
      productTitle: 'Luggage Tag',
      variantLabel: 'White / 2" x 3"',
      mockupUrl: PRINTIFY_IMAGE('tagged-in_cart'),
    });
    // The header's count follows.
    await waitFor(() => expect(api!.callsTo('GET /api/cart/count').length).toBeGreaterThan(countsBefore));
  });

  it('says why the cart refused the line', async () => {
    customizePage('/customize/1308', {
      'POST /api/cart/add': errorReply(400, 'Shipping not available for this country'),
    });
    await previewShown();
    fillShipping();
    fireEvent.click(button('Add to Cart'));
    await waitFor(() =>
      expect(visibleToasts()[0]).toMatchObject({
        type: 'error',
        title: 'Failed to add item to cart',
        description: 'Shipping not available for this country',
      }),
    );
    expect(button('Add to Cart').disabled).toBe(false);
  });

  it('says "Failed to prepare product for cart" when the product cannot be made', async () => {
    customizePage('/customize/1308', { 'POST /api/printify/generate-mockup-with-tag': errorReply(503, 'down') });
    await previewShown();
    fillShipping();
    fireEvent.click(button('Add to Cart'));
    await waitFor(() =>
      expect(visibleToasts()[0]?.title).toBe('Failed to prepare product for cart. Please try again.'),
    );
    expect(api!.callsTo('POST /api/cart/add')).toHaveLength(0);
  });

  it('keeps the item for a quick checkout and goes to /checkout', async () => {
    const { router } = customizePage('/customize/1308', {
      'POST /api/cart/quick-checkout': () => new Promise(() => undefined),
    });
    await previewShown();
    fillShipping();
    fireEvent.click(button('Quick Checkout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    const kept = JSON.parse(sessionStorage.getItem('quickCheckoutData')!);
    expect(kept).toMatchObject({ printifyProductId: 'prod_quick_checkout', variantId: 101, countryCode: 'US' });
    expect(api!.callsTo('POST /api/printify/generate-mockup-with-tag')[0]!.body).toMatchObject({
      tag: 'quick_checkout',
    });
    expect(sessionStorage.getItem('checkoutMode')).toBeNull();
  });

  it('clears the preview and the price when a mockup fails, without a message', async () => {
    customizePage('/customize/1308', { 'POST /api/printify/generate-mockup': errorReply(500, 'Internal error') });
    expect(await screen.findByText('The price appears with your preview.')).toBeTruthy();
    await waitFor(() => expect(mockupBodies()).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Updating your preview…')).toBeNull());
    // The product's own picture, not a mockup.
    expect(previewImage().getAttribute('alt')).toMatch(/^Luggage Tag/);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(visibleToasts()).toEqual([]);
  });

  it('explains that an active QR code is needed, with the way to one', async () => {
    customizePage('/customize/1308', {
      'POST /api/printify/generate-mockup': errorReply(
        403,
        'You need an active emergency QR code to order merchandise. Create or renew your code first.',
      ),
    });
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText(
        'You need an active emergency QR code to order merchandise. Create or renew your code first.',
      ),
    ).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Create or renew your QR code' }).getAttribute('href')).toBe(
      '/?noActiveQr=true',
    );
  });

  it('cleans up the previews on leaving', async () => {
    const { router } = customizePage();
    await previewShown();
    expect(api!.callsTo('POST /api/printify/cleanup-mockups')).toHaveLength(0);
    await act(() => router.navigate('/qrmerchshop'));
    const [cleanup] = api!.callsTo('POST /api/printify/cleanup-mockups');
    expect(cleanup!.body).toEqual({});
    expect(cleanup!.headers['content-type']).toBe('application/json');
  });

  it('says when the product is not in the shop', async () => {
    customizePage('/customize/999', {
      'GET /api/printify/blueprints/999': errorReply(404, 'This product is not in the shop.'),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Merch Shop' }).getAttribute('href')).toBe('/qrmerchshop');
  });

  it('says "Failed to load product details" with Retry when the options cannot be loaded', async () => {
    let down = true;
    customizePage('/customize/1308', {
      'GET /api/printify/blueprints/1308/print-providers': () =>
        down
          ? errorReply(503, 'The print shop is not answering right now.')
          : { body: [{ id: 7, title: 'Print Geek' }] },
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load product details. Please try again.')).toBeTruthy();
    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await previewShown();
  });

  it('shows a visitor the product and Sign In, and makes no preview', async () => {
    api = stubFetch(catalogRoutes());
    renderApp('/customize/1308');
    expect(await screen.findByRole('heading', { name: 'Sign in to order' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(mockupBodies()).toEqual([]);
  });
});

describe('/customize/{blueprintId}?cartItemId= (editing a cart line)', () => {
  const item = aCartItem();
  const route = `/customize/1308?cartItemId=${item.id}`;
  const editRoutes = {
    [`GET /api/cart/${item.id}`]: { body: item },
    [`DELETE /api/cart/${item.id}`]: { status: 204 },
    'GET /api/cart': { body: [] },
  };

  it('comes back with the line’s country, address, quantity, size, provider and variant, and its price', async () => {
    customizePage(route, {
      ...editRoutes,
      // The line's own picture and price stay until the new preview is in.
      'POST /api/printify/generate-mockup': () => new Promise(() => undefined),
    });
    expect(await screen.findByText('Editing your cart item')).toBeTruthy();
    await waitFor(() => expect((field('Country') as unknown as HTMLSelectElement).value).toBe('US'));
    expect(field('Address line 1').value).toBe('1 Main St');
    expect(field(/^Address line 2/).value).toBe('Apt 4');
    expect(field('Postal code').value).toBe('62701');
    expect((field('Quantity') as unknown as HTMLSelectElement).value).toBe('2');
    expect(screen.getByRole('slider', { name: 'QR code size' }).getAttribute('aria-valuetext')).toBe(
      '70% of the print area',
    );
    expect((field('Print provider') as unknown as HTMLSelectElement).value).toBe('7');
    await waitFor(() => expect((field('Variant') as unknown as HTMLSelectElement).value).toBe('102'));
    expect(previewImage().getAttribute('src')).toContain(encodeURIComponent(PRINTIFY_IMAGE('mockup-cart')));
    // The base cost is half the stored unit price.
    expect(screen.getByText('Unit price').nextSibling!.textContent).toBe('$12.24');
    await waitFor(() =>
      expect(mockupBodies()).toEqual([{ blueprintId: 1308, printProviderId: 7, variantId: 102, scale: 0.7 }]),
    );
  });

  it('replaces the line on Update Cart (old one removed, new one added) and goes to the cart', async () => {
    const { router } = customizePage(route, editRoutes);
    await previewShown(102, 0.7);
    fireEvent.click(button('Update Cart'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(
      api!.requests().filter((request) => request.startsWith('DELETE') || request === 'POST /api/cart/add'),
    ).toEqual([`DELETE /api/cart/${item.id}`, 'POST /api/cart/add']);
    expect(api!.callsTo('POST /api/cart/add')[0]!.body).toMatchObject({ quantity: 2, qrScale: '0.7', variantId: 102 });
    expect(visibleToasts()[0]?.title).toBe('Cart updated');
  });

  it('stops with "Failed to remove old item" when the old line cannot be removed', async () => {
    customizePage(route, { ...editRoutes, [`DELETE /api/cart/${item.id}`]: errorReply(500, 'Internal error') });
    await previewShown(102, 0.7);
    fireEvent.click(button('Update Cart'));
    await waitFor(() => expect(visibleToasts()[0]?.title).toBe('Failed to remove old item'));
    expect(api!.callsTo('POST /api/cart/add')).toHaveLength(0);
  });
});

describe('the QR size slider', () => {
  it('regenerates 2 seconds after it stops, one request for a whole drag', async () => {
    jest.useFakeTimers();
    customizePage();
    for (let frame = 0; frame < 10; frame += 1) await advance(20);
    expect(mockupBodies()).toHaveLength(1);

    const slider = screen.getByRole('slider', { name: 'QR code size' });
    fireEvent.change(slider, { target: { value: '0.6' } });
    await advance(1000);
    fireEvent.change(slider, { target: { value: '0.75' } });
    await advance(1999);
    expect(mockupBodies()).toHaveLength(1);
    expect(screen.getByText('Updating your preview…')).toBeTruthy();
    await advance(1);
    expect(mockupBodies()).toEqual([
      { blueprintId: 1308, printProviderId: 7, variantId: 101, scale: 0.5 },
      { blueprintId: 1308, printProviderId: 7, variantId: 101, scale: 0.75 },
    ]);
    await advance(20);
    expect(previewImage().getAttribute('src')).toContain(
      encodeURIComponent(mockupImage({ variantId: 101, scale: 0.75 })),
    );
  });
});
