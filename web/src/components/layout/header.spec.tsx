import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aUser, stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { renderApp, renderWithProviders } from '../../../test/render-with-providers';
import { browserLocation } from '../../lib/browser';
import { STORAGE_KEYS } from '../../lib/storage';
import { Header } from './header';
import type { HeaderProps } from './header-props';

/** Each entry's name as read out: its label, or its text without what is hidden from screen readers (a badge). */
const menuEntryNames = () =>
  Array.from(screen.getByRole('navigation', { name: 'Menu' }).querySelectorAll('a, button')).map((entry) => {
    const read = entry.cloneNode(true) as Element;
    read.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
    return entry.getAttribute('aria-label') ?? read.textContent;
  });

/** Opens the small-screen menu, once its code (loaded after the first paint) has put the button there. */
async function openMenu() {
  fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
  return screen.getByRole('dialog');
}

describe('Header', () => {
  beforeEach(() => localStorage.clear());

  it('shows the title and no back button on the home page', () => {
    renderApp('/');
    expect(screen.getByRole('link', { name: /Emergency Quick Response \(QR\)/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('keeps a short title for phones out of the accessible name, which stays the full title', () => {
    renderApp('/');
    const home = screen.getByRole('link', { name: 'Emergency Quick Response (QR)' });
    const short = within(home).getByText('Emergency QR');
    expect(short.getAttribute('aria-hidden')).toBe('true');
    expect(short.className).toContain('sm:hidden');
  });

  it('shows a back button on other pages; on the first page of a visit it leads home', () => {
    renderApp('/some/deep/link');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Your Digital Medical Emergency Card' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('goes back to the previous page when there is one', () => {
    const { router } = renderApp('/');
    fireEvent.click(screen.getAllByRole('link', { name: 'QR Merch Shop' })[0]!);
    expect(router.state.location.pathname).toBe('/qrmerchshop');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('offers shop, theme, share and login when signed out', async () => {
    renderApp('/');
    for (const name of ['QR Merch Shop', 'Login']) expect(screen.getByRole('link', { name })).toBeTruthy();
    for (const name of ['Toggle theme', 'Share']) expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Open menu' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'User menu' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Cart/ })).toBeNull();
  });

  it('lists the signed-out entries in the mobile menu', async () => {
    renderApp('/');
    await openMenu();
    expect(menuEntryNames()).toEqual(['Dark Mode', 'QR Scanner', 'Share', 'QR Merch Shop', 'Go Premium', 'Login']);
    // The divider is drawn, not read: a list holds only its entries (a separator inside it is invalid markup).
    const list = within(screen.getByRole('dialog')).getByRole('list');
    expect(within(list).queryByRole('separator')).toBeNull();
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
  });

  it('closes the mobile menu when an entry is chosen, and follows it', async () => {
    const { router } = renderApp('/');
    const dialog = await openMenu();
    fireEvent.click(within(dialog).getByRole('link', { name: 'QR Merch Shop' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/qrmerchshop');
  });

  it('closes the mobile menu after a toggle entry too', async () => {
    renderApp('/');
    fireEvent.click(within(await openMenu()).getByRole('button', { name: 'Dark Mode' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(await openMenu()).getByRole('button', { name: 'Light Mode' })).toBeTruthy();
  });

  it('sends the login entry to the login dialog on the home page', async () => {
    const { router } = renderApp('/nope');
    fireEvent.click(within(await openMenu()).getByRole('link', { name: 'Login' }));
    expect(router.state.location.pathname + router.state.location.search).toBe('/?login=true');
  });
});

describe('Header when signed in', () => {
  const base: HeaderProps = {
    user: { firstName: 'Ada' },
    theme: 'light',
    onToggleTheme: () => undefined,
    onShare: () => undefined,
    cartCount: 2,
  };

  it('greets the user and lists the signed-in entries in the mobile menu', async () => {
    renderWithProviders(<Header {...base} onLogout={() => undefined} />);
    expect(screen.getAllByText('Hi, Ada!').length).toBeGreaterThan(0);
    await openMenu();
    expect(menuEntryNames()).toEqual([
      'Dark Mode',
      'QR Scanner',
      'Share',
      'QR Merch Shop',
      'Cart, 2 items',
      'My Orders',
      'My Account',
      'History',
      'Contact Us',
      'Logout',
    ]);
  });

  it('marks History with a crown for non-premium users only, and greets "User" without a first name', async () => {
    const { unmount } = renderWithProviders(<Header {...base} user={{ firstName: '' }} />);
    expect(within(await openMenu()).getByRole('img', { name: 'Premium feature' })).toBeTruthy();
    expect(within(screen.getByRole('dialog')).getByText('Hi, User!')).toBeTruthy();
    unmount();

    renderWithProviders(<Header {...base} isPremium />);
    expect(within(await openMenu()).queryByRole('img', { name: 'Premium feature' })).toBeNull();
    expect(within(screen.getByRole('dialog')).getByText('Premium')).toBeTruthy();
  });

  it('offers account pages and logout in the user menu', async () => {
    const onLogout = jest.fn();
    renderWithProviders(<Header {...base} onLogout={onLogout} />);
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    fireEvent.keyDown(await screen.findByRole('button', { name: 'User menu' }), { key: 'Enter' });
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'My Account',
      'History',
      'My Orders',
      'Contact Us',
      'Logout',
    ]);
    fireEvent.click(items[4]!);
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.keyDown(await screen.findByRole('button', { name: 'User menu' }), { key: 'Enter' });
    fireEvent.click(screen.getByRole('menuitem', { name: 'My Account' }));
    expect(screen.getByText('Moved to /my-account')).toBeTruthy();
  });

  it('shows the cart count on the cart icon', () => {
    renderWithProviders(<Header {...base} cartCount={3} />);
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeTruthy();
  });

  it('logs out from the mobile menu and closes it', async () => {
    const onLogout = jest.fn();
    renderWithProviders(<Header {...base} onLogout={onLogout} />);
    fireEvent.click(within(await openMenu()).getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shares the page from the header', () => {
    const onShare = jest.fn();
    renderWithProviders(<Header {...base} onShare={onShare} />);
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(onShare).toHaveBeenCalledTimes(1);
  });
});

describe('Header with the account from GET /api/auth/user', () => {
  let api: FetchStub;
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    api.restore();
    jest.restoreAllMocks();
  });

  it('greets the signed-in user, with a cart and the user menu instead of Login', async () => {
    api = stubFetch({ 'GET /api/auth/user': { body: aUser() } });
    renderApp('/');
    expect((await screen.findAllByText('Hi, Ada!')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Premium')).toBeNull();
    expect(screen.getByRole('link', { name: 'Cart' }).getAttribute('href')).toBe('/cart');
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    fireEvent.keyDown(await screen.findByRole('button', { name: 'User menu' }), { key: 'Enter' });
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'My Account',
      'History',
      'My Orders',
      'Contact Us',
      'Logout',
    ]);
  });

  it('shows the premium badge for premium users and "User" without a first name', async () => {
    api = stubFetch({ 'GET /api/auth/user': { body: aUser({ firstName: '', isPremium: true }) } });
    renderApp('/');
    expect((await screen.findAllByText('Hi, User!')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Premium').length).toBeGreaterThan(0);
    const menu = await openMenu();
    expect(within(menu).queryByRole('img', { name: 'Premium feature' })).toBeNull();
    expect(menuEntryNames()).toContain('Logout');
  });

  it('logs out: POST /api/auth/logout, forget the saved user, then a full load of home, which says so', async () => {
    const events: string[] = [];
    api = stubFetch({
      'GET /api/auth/user': { body: aUser() },
      'POST /api/auth/logout': () => {
        events.push('logout');
        return { body: { message: 'Logged out' } };
      },
    });
    jest.spyOn(browserLocation, 'assign').mockImplementation((href) => {
      events.push(`go ${href} (saved user: ${localStorage.getItem(STORAGE_KEYS.user) ?? 'none'})`);
    });
    renderApp('/history');
    await screen.findAllByText('Hi, Ada!');
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.user)).not.toBeNull());

    fireEvent.keyDown(await screen.findByRole('button', { name: 'User menu' }), { key: 'Enter' });
    fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(events).toEqual(['logout', 'go /?signedOut=true (saved user: none)']));
  });
});
