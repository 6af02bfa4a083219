import { jest } from '@jest/globals';
import type { Order } from '@medical-qr/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aUser, errorReply, signedOut, stubFetch, type FetchStub, type StubHandler } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-with-providers';
import { anOrder } from '../../../test/shop-fixtures';
import { visibleToasts } from '../../../test/toasts';

let api: FetchStub | undefined;
afterEach(() => {
  api?.restore();
  api = undefined;
  jest.restoreAllMocks();
});

const paid = anOrder();
const delivered = anOrder({
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  productTitle: 'Acrylic Keychain',
  variantLabel: 'Clear',
  quantity: 3,
  totalPrice: 4189,
  status: 'delivered',
  printifyStatus: 'fulfilled',
  trackingNumber: '9400 1000 0000 0000 0000 00',
  trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
  tags: [
    { itemIndex: 0, url: 'https://medicalqr.example/t/Zz98Yy76Xx', tokenPrefix: 'Zz98Yy76', revokedAt: null },
    {
      itemIndex: 1,
      url: 'https://medicalqr.example/t/Ww55Vv44Uu',
      tokenPrefix: 'Ww55Vv44',
      revokedAt: '2026-03-05T12:00:00.000Z',
    },
    { itemIndex: 2, url: 'https://medicalqr.example/t/Tt33Ss22Rr', tokenPrefix: 'Tt33Ss22', revokedAt: null },
  ],
});

const syncPath = (order: Order) => `POST /api/orders/${order.id}/sync-status`;
const revokePath = (order: Order, itemIndex = 0) => `POST /api/orders/${order.id}/tags/${itemIndex}/revoke`;

function ordersPage(orders: Order[] = [paid, delivered], routes: Record<string, StubHandler> = {}) {
  api = stubFetch({
    'GET /api/auth/user': { body: aUser() },
    'GET /api/orders/user': { body: orders },
    [syncPath(paid)]: { body: { ...paid, status: 'processing', printifyStatus: 'in-production' } },
    [syncPath(delivered)]: { body: delivered },
    [revokePath(paid)]: { body: { ...paid, tags: [{ ...paid.tags[0]!, revokedAt: '2026-03-06T08:00:00.000Z' }] } },
    ...routes,
  });
  return renderApp('/my-orders');
}

const card = (title: string) => screen.getByRole('article', { name: title });
const factIn = (scope: HTMLElement, label: string) => within(scope).getByText(label).nextSibling!.textContent;

describe('/my-orders', () => {
  it('lists the orders with their count, status, quantity, total, date, fulfillment, tracking and id', async () => {
    ordersPage();
    expect(await screen.findByText('2 orders')).toBeTruthy();
    expect(document.title).toBe('My Orders · Medical QR');

    const keychain = card('Acrylic Keychain');
    expect(within(keychain).getByText('Delivered')).toBeTruthy();
    expect(factIn(keychain, 'Quantity')).toBe('3');
    expect(factIn(keychain, 'Total')).toBe('$41.89');
    expect(factIn(keychain, 'Fulfillment')).toBe('Fulfilled');
    expect(within(keychain).getByRole('link', { name: '9400 1000 0000 0000 0000 00' }).getAttribute('href')).toBe(
      delivered.trackingUrl,
    );
    expect(factIn(keychain, 'Order ID')).toBe(delivered.id);
    expect(factIn(keychain, 'Ordered')).toMatch(/2026/);

    expect(factIn(card('Luggage Tag'), 'Tracking')).toBe('Not shipped yet');
  });

  it('syncs each order that can still change once on arrival, and shows the new status', async () => {
    ordersPage();
    const luggage = await screen.findByRole('article', { name: 'Luggage Tag' });
    await waitFor(() => expect(within(luggage).getByText('Processing')).toBeTruthy());
    expect(factIn(luggage, 'Fulfillment')).toBe('In production');
    // A delivered order cannot change: it is not asked about.
    expect(api!.requests().filter((request) => request.endsWith('/sync-status'))).toEqual([syncPath(paid)]);
    expect(visibleToasts()).toEqual([]);
  });

  it('only logs a failed automatic sync', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    ordersPage([paid], { [syncPath(paid)]: errorReply(503, 'down') });
    await screen.findByText('1 order');
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(visibleToasts()).toEqual([]);
    expect(within(card('Luggage Tag')).getByText('Paid')).toBeTruthy();
  });

  it('syncs an order by hand: "Status Updated", or "Sync Failed"', async () => {
    let up = true;
    ordersPage([delivered], {
      [syncPath(delivered)]: () => (up ? { body: delivered } : errorReply(503, 'down')),
    });
    await screen.findByText('1 order');
    fireEvent.click(screen.getByRole('button', { name: 'Sync Status' }));
    await waitFor(() => expect(visibleToasts()[0]?.title).toBe('Status Updated'));

    up = false;
    fireEvent.click(await screen.findByRole('button', { name: 'Sync Status' }));
    await waitFor(() =>
      expect(visibleToasts()[0]).toMatchObject({ title: 'Sync Failed', description: 'Failed to sync order status' }),
    );
  });

  it('says "Unable to Load Orders" with Retry', async () => {
    let down = true;
    ordersPage([], { 'GET /api/orders/user': () => (down ? errorReply(500, 'Internal error') : { body: [paid] }) });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Unable to Load Orders')).toBeTruthy();
    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 order')).toBeTruthy();
  });

  it('says "Login Required" when the server no longer knows the session, without leaving the page', async () => {
    const { router } = ordersPage([], { 'GET /api/orders/user': signedOut });
    expect(await screen.findByRole('heading', { level: 1, name: 'Login Required' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/my-orders');
  });

  it('says "Login Required" to a visitor', async () => {
    api = stubFetch();
    renderApp('/my-orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login Required' })).toBeTruthy();
    expect(api.callsTo('GET /api/orders/user')).toHaveLength(0);
  });

  it('leads to the shop when there are no orders yet', async () => {
    ordersPage([]);
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Merch Shop' }).getAttribute('href')).toBe('/qrmerchshop');
  });
});

describe("an order's printed tag", () => {
  it('shows its code, its link and whether it still opens the card, one per item', async () => {
    ordersPage();
    const luggage = await screen.findByRole('article', { name: 'Luggage Tag' });
    expect(within(luggage).getByText('Active')).toBeTruthy();
    expect(within(luggage).getByText('Xy12Ab34')).toBeTruthy();
    expect(within(luggage).getByRole('link', { name: paid.tags[0]!.url }).getAttribute('href')).toBe(paid.tags[0]!.url);
    const keychainTags = within(card('Acrylic Keychain')).getByRole('region', { name: 'Printed tags' });
    const rows = within(keychainTags).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('p')!.textContent)).toEqual([
      'Item 1 of 3 Zz98Yy76',
      'Item 2 of 3 Ww55Vv44',
      'Item 3 of 3 Tt33Ss22',
    ]);
    expect(within(rows[1]!).getByText('Revoked')).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button', { name: /Revoke Tag/ })).toBeNull();
    expect(within(rows[2]!).getByRole('button', { name: 'Revoke Tag of item 3' })).toBeTruthy();
  });

  it('says tags come when the order goes to print', async () => {
    ordersPage([anOrder({ tags: [] })]);
    expect(await screen.findByText(/Each item gets its own tag when the order goes to print/)).toBeTruthy();
  });

  it('revokes one item of several by its index', async () => {
    ordersPage([delivered], {
      [revokePath(delivered, 2)]: {
        body: {
          ...delivered,
          tags: delivered.tags.map((tag) =>
            tag.itemIndex === 2 ? { ...tag, revokedAt: '2026-03-06T08:00:00.000Z' } : tag,
          ),
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Tag of item 3' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('the tag on item 3 of your Acrylic Keychain order');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke Tag' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Revoke Tag of item 3' })).toBeNull());
    expect(api!.callsTo(revokePath(delivered, 2))[0]!.body).toEqual({});
    expect(screen.getByRole('button', { name: 'Revoke Tag of item 1' })).toBeTruthy();
  });

  it('is revoked only after a confirmation that says the others keep working and it cannot be undone', async () => {
    ordersPage();
    const luggage = await screen.findByRole('article', { name: 'Luggage Tag' });
    const revoke = within(luggage).getByRole('button', { name: 'Revoke Tag' });
    revoke.focus();
    fireEvent.click(revoke);
    let dialog = await screen.findByRole('dialog', { name: 'Revoke this printed tag?' });
    expect(dialog.textContent).toContain('Your other tags and your QR code keep working.');
    expect(dialog.textContent).toContain('This cannot be undone.');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep Tag' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api!.callsTo(revokePath(paid))).toHaveLength(0);
    expect(document.activeElement).toBe(revoke);

    fireEvent.click(within(card('Luggage Tag')).getByRole('button', { name: 'Revoke Tag' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke this printed tag?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke Tag' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api!.callsTo(revokePath(paid))).toHaveLength(1);
    await waitFor(() => expect(within(card('Luggage Tag')).getByText('Revoked')).toBeTruthy());
    expect(visibleToasts()[0]?.title).toBe('Tag revoked');
    // The Revoke button is gone: focus lands on the tag it was about.
    expect(document.activeElement?.textContent).toBe('Code Xy12Ab34');
  });

  it('says in the dialog when the tag could not be revoked', async () => {
    ordersPage([paid], { [revokePath(paid)]: errorReply(500, 'Internal error') });
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Tag' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke Tag' }));
    expect(await within(dialog).findByText('The tag could not be revoked. Please try again.')).toBeTruthy();
  });
});
