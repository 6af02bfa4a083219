import { screen } from '@testing-library/react';
import { renderApp } from '../../../test/render-with-providers';

describe('home page', () => {
  it('presents the medical card and how it works', () => {
    renderApp('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Your Digital Medical Emergency Card' })).toBeTruthy();
    const steps = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(steps).toEqual(['Fill in your medical info', 'Get your QR code', 'Responders scan it']);
  });

  it('tells a visitor sent back after a session expiry that they were signed out, once', () => {
    const { router } = renderApp('/?timeout=inactivity');
    expect(screen.getAllByText('You were signed out').length).toBeGreaterThan(0);
    expect(router.state.location.search).toBe('');
  });
});
