import { fireEvent, screen } from '@testing-library/react';
import { renderApp } from '../../../test/render-with-providers';

describe('not-found page', () => {
  it('explains that the page does not exist and leads home', () => {
    const { router } = renderApp('/this/does/not/exist');
    expect(screen.getByText("The page you're looking for doesn't exist or has been moved.")).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Go to Home' }));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('heading', { name: 'Your Digital Medical Emergency Card' })).toBeTruthy();
    expect(screen.queryByText("The page you're looking for doesn't exist or has been moved.")).toBeNull();
  });

  it('leads with the emergency number before the way home', () => {
    renderApp('/emergency-contacts-typo');
    const links = Array.from(screen.getByRole('main').querySelectorAll('a'));
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['tel:911', '/']);
    expect(screen.getByText('If this is an emergency, call 911 or your local emergency number.')).toBeTruthy();
  });

  it('covers paths next to real screens', () => {
    renderApp('/demo-privacy/extra');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
