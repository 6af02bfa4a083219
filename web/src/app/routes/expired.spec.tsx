import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp, screenLoaded } from '../../../test/render-with-providers';

describe('expired page', () => {
  it('says the code has expired, with the settled lifetimes', async () => {
    renderApp('/expired');
    await screenLoaded();
    expect(screen.getByRole('heading', { level: 1, name: 'This medical QR code has expired' })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(main.textContent).toContain('Free codes last 2 days without an account and 10 days with one');
    expect(main.textContent).not.toContain('7 days');
  });

  it('leads with the emergency number, then what a responder can still do', async () => {
    renderApp('/expired');
    await screenLoaded();
    const links = Array.from(screen.getByRole('main').querySelectorAll('a'));
    expect(links[0]!.getAttribute('href')).toBe('tel:911');
    expect(links[0]!.textContent).toBe('Call 911');
    expect(screen.getByText('If this is an emergency, call 911 or your local emergency number.')).toBeTruthy();
    const steps = Array.from(screen.getByRole('main').querySelectorAll('ol > li')).map((item) => item.textContent);
    expect(steps[1]).toContain('Look for other medical ID');
  });

  it('sells the person who scanned it nothing: no premium, no reactivation', async () => {
    renderApp('/expired');
    await screenLoaded();
    const main = screen.getByRole('main');
    expect(main.textContent).not.toMatch(/Premium|Reactivate/);
    expect(main.querySelectorAll('a')).toHaveLength(2);
  });

  it('leaves the owner one small way in: signing in to renew', async () => {
    const { router } = renderApp('/expired');
    await screenLoaded();
    fireEvent.click(screen.getByRole('link', { name: 'Sign in to renew it' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('dialog', { name: 'Welcome to Medical QR' })).toBeTruthy();
  });
});
