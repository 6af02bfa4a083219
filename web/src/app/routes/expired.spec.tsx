import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../../test/render-with-providers';

describe('expired page', () => {
  it('says the code has expired, with the settled lifetimes', () => {
    renderApp('/expired');
    expect(screen.getByRole('heading', { level: 1, name: 'This medical QR code has expired' })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(main.textContent).toContain('Free QR codes are valid for 2 days from creation without an account');
    expect(main.textContent).toContain('10 days with a free account');
    expect(main.textContent).not.toContain('7 days');
  });

  it('leads with the emergency number, before any upsell', () => {
    renderApp('/expired');
    const links = Array.from(screen.getByRole('main').querySelectorAll('a'));
    expect(links[0]!.getAttribute('href')).toBe('tel:911');
    expect(links[0]!.textContent).toBe('Call 911');
    expect(screen.getByText('If this is an emergency, call 911 or your local emergency number.')).toBeTruthy();
  });

  it('lists the premium benefits', () => {
    renderApp('/expired');
    const benefits = screen.getByRole('heading', { name: 'Premium benefits' }).parentElement!;
    const items = Array.from(benefits.querySelectorAll('li')).map((item) => item.textContent);
    expect(items).toEqual(['Unlimited active QR codes', 'No expiration', 'Scan notifications', 'Priority support']);
  });

  it('offers premium to reactivate', async () => {
    const { router } = renderApp('/expired');
    fireEvent.click(screen.getByRole('link', { name: 'Reactivate with Premium' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
  });

  it('offers to create a new code', async () => {
    const { router } = renderApp('/expired');
    fireEvent.click(screen.getByRole('link', { name: 'Create New QR Code' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByRole('heading', { name: 'Create your free QR code' })).toBeTruthy();
  });
});
