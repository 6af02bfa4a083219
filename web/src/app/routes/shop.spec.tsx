import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorReply, stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-with-providers';
import { aBlueprint, catalogRoutes, PRINTIFY_IMAGE } from '../../../test/shop-fixtures';

let api: FetchStub | undefined;
afterEach(() => {
  api?.restore();
  api = undefined;
});

const products = [
  aBlueprint(),
  aBlueprint({
    id: 1,
    title: 'Acrylic Keychain',
    category: 'keychains',
    description: 'Clear acrylic with a metal ring.',
    brand: 'Generic',
    model: 'AK-01',
    images: [PRINTIFY_IMAGE('keychain')],
  }),
  aBlueprint({ id: 3, title: 'Kiss-Cut Magnets', category: 'magnets', brand: 'Generic', model: '', images: [] }),
];

function shopWith(reply: Parameters<typeof stubFetch>[0] = {}) {
  api = stubFetch({ ...catalogRoutes(), 'GET /api/printify/blueprints': { body: products }, ...reply });
  return renderApp('/qrmerchshop');
}

const cards = () => screen.getAllByRole('article');

describe('/qrmerchshop', () => {
  it('lists the products with their pictures, brand, description, count and the way to customize', async () => {
    shopWith();
    expect(await screen.findByText('3 products')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'QR Merchandise Shop' })).toBeTruthy();
    expect(document.title).toBe('QR Merchandise Shop · Medical QR');

    const luggage = within(cards()[0]!);
    expect(luggage.getByRole('heading', { name: 'Luggage Tag' })).toBeTruthy();
    expect(luggage.getByText('Printify Choice')).toBeTruthy();
    expect(luggage.getByText('Durable luggage tag with a leather strap.')).toBeTruthy();
    expect(luggage.getByRole('link', { name: 'Customize & Order' }).getAttribute('href')).toBe('/customize/1308');
    // Printify's pictures come through the gateway's proxy (the content policy allows our own images only).
    expect(luggage.getByRole('img').getAttribute('src')).toBe(
      `/api/printify/image-proxy?url=${encodeURIComponent(PRINTIFY_IMAGE('luggage-front'))}`,
    );
  });

  it('steps through a product’s pictures with Previous and Next, going round', async () => {
    shopWith();
    await screen.findByText('3 products');
    const luggage = within(cards()[0]!);
    expect(luggage.getByText('1 / 2')).toBeTruthy();
    fireEvent.click(luggage.getByRole('button', { name: 'Next picture of Luggage Tag' }));
    expect(luggage.getByText('2 / 2')).toBeTruthy();
    expect(luggage.getByRole('img').getAttribute('src')).toContain(encodeURIComponent(PRINTIFY_IMAGE('luggage-back')));
    fireEvent.click(luggage.getByRole('button', { name: 'Next picture of Luggage Tag' }));
    expect(luggage.getByText('1 / 2')).toBeTruthy();
    fireEvent.click(luggage.getByRole('button', { name: 'Previous picture of Luggage Tag' }));
    expect(luggage.getByText('2 / 2')).toBeTruthy();
    // One picture: no carousel buttons.
    expect(within(cards()[1]!).queryByRole('button', { name: /picture/ })).toBeNull();
  });

  it('says so where a picture is missing or fails to load', async () => {
    shopWith();
    await screen.findByText('3 products');
    expect(within(cards()[2]!).getByText('Image not available')).toBeTruthy();
    fireEvent.error(within(cards()[1]!).getByRole('img'));
    expect(within(cards()[1]!).getByText('Image not available')).toBeTruthy();
  });

  it('filters by category and by search, and says when nothing matches', async () => {
    const { router } = shopWith();
    await screen.findByText('3 products');
    fireEvent.click(screen.getByRole('button', { name: 'Keychains' }));
    expect(screen.getByText('1 product')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Keychains' }).getAttribute('aria-pressed')).toBe('true');
    expect(router.state.location.search).toBe('?category=keychains');

    fireEvent.click(screen.getByRole('button', { name: 'All products' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search products' }), { target: { value: 'METAL RING' } });
    expect(screen.getByText('1 product')).toBeTruthy();
    expect(within(cards()[0]!).getByRole('heading', { name: 'Acrylic Keychain' })).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search products' }), { target: { value: 'hat' } });
    expect(screen.getByText('0 products')).toBeTruthy();
    expect(screen.getByText('No products found matching your search')).toBeTruthy();
  });

  it('keeps the filters from the address', async () => {
    api = stubFetch({ 'GET /api/printify/blueprints': { body: products } });
    renderApp('/qrmerchshop?category=magnets&search=kiss');
    expect(await screen.findByText('1 product')).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search products' }) as HTMLInputElement).value).toBe('kiss');
  });

  it('shows 8 placeholder cards while the products load', async () => {
    api = stubFetch({ 'GET /api/printify/blueprints': () => new Promise(() => undefined) });
    renderApp('/qrmerchshop');
    expect(await screen.findByText('Loading products…')).toBeTruthy();
    const grid = document.querySelector('main [aria-hidden="true"].grid')!;
    expect(grid.children).toHaveLength(8);
  });

  it('says the print shop is not answering, with Retry, rather than a blank page', async () => {
    let down = true;
    api = stubFetch({
      'GET /api/printify/blueprints': () =>
        down
          ? errorReply(503, 'The print shop is not answering right now. Please try again in a few minutes.')
          : { body: products },
    });
    renderApp('/qrmerchshop');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The shop is not available right now')).toBeTruthy();
    expect(
      within(alert).getByText('The print shop is not answering right now. Please try again in a few minutes.'),
    ).toBeTruthy();

    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('3 products')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
