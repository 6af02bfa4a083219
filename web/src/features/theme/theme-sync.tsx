import { useEffect, useLayoutEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { writeStoredTheme, type Theme } from '../../lib/storage';
import { selectTheme, selectThemeSource, systemThemeChanged } from './theme-slice';

const THEME_COLORS: Record<Theme, string> = { light: '#f8fafc', dark: '#020617' };

export function applyThemeToDocument(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
}

/**
 * Keeps the page in step with the theme state: the `dark` class on <html>, the saved choice in
 * storage (only once the visitor chose), and the system setting while no choice was made.
 */
export function ThemeSync() {
  const theme = useAppSelector(selectTheme);
  const source = useAppSelector(selectThemeSource);
  const dispatch = useAppDispatch();

  useLayoutEffect(() => {
    applyThemeToDocument(theme);
    if (source === 'user') writeStoredTheme(theme);
  }, [theme, source]);

  useEffect(() => {
    if (source !== 'system' || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = (event: MediaQueryListEvent) => dispatch(systemThemeChanged(event.matches ? 'dark' : 'light'));
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [source, dispatch]);

  return null;
}
