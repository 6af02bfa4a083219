import { act, fireEvent, screen, within } from '@testing-library/react';
import { setSystemDarkMode } from '../../../test/dom-polyfills';
import { renderApp } from '../../../test/render-with-providers';

const isDark = () => document.documentElement.classList.contains('dark');

beforeEach(() => {
  localStorage.clear();
  setSystemDarkMode(false);
  document.documentElement.className = '';
});

describe('theme', () => {
  it('toggles dark mode on the page and remembers the choice', () => {
    renderApp('/');
    expect(isDark()).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Toggle theme' }));
    expect(isDark()).toBe(true);
    expect(localStorage.getItem('theme')).toBe('dark');

    fireEvent.click(screen.getByRole('button', { name: 'Toggle theme' }));
    expect(isDark()).toBe(false);
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('starts from the saved choice', async () => {
    localStorage.setItem('theme', 'dark');
    renderApp('/');
    expect(isDark()).toBe(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Light Mode' })).toBeTruthy();
  });

  it('follows the system setting until the visitor chooses, without saving it', () => {
    setSystemDarkMode(true);
    renderApp('/');
    expect(isDark()).toBe(true);
    act(() => setSystemDarkMode(false));
    expect(isDark()).toBe(false);
    expect(localStorage.getItem('theme')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Toggle theme' }));
    act(() => setSystemDarkMode(false));
    expect(isDark()).toBe(true);
  });
});
