import { createSlice } from '@reduxjs/toolkit';
import { readStoredTheme, type Theme } from '../../lib/storage';

export interface ThemeState {
  theme: Theme;
  /** `user` once the visitor toggled (and it is saved); `system` while it follows the OS setting. */
  source: 'user' | 'system';
}

export function systemTheme(): Theme {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 'light';
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** The saved choice if there is one, else the system preference (same rule as index.html's script). */
export function initialThemeState(): ThemeState {
  const stored = readStoredTheme();
  return stored ? { theme: stored, source: 'user' } : { theme: systemTheme(), source: 'system' };
}

export const themeSlice = createSlice({
  name: 'theme',
  initialState: initialThemeState,
  reducers: {
    toggleTheme(state) {
      state.theme = state.theme === 'dark' ? 'light' : 'dark';
      state.source = 'user';
    },
    systemThemeChanged(state, action: { payload: Theme }) {
      if (state.source === 'system') state.theme = action.payload;
    },
  },
  selectors: {
    selectTheme: (state) => state.theme,
    selectThemeSource: (state) => state.source,
  },
});

export const { toggleTheme, systemThemeChanged } = themeSlice.actions;
export const { selectTheme, selectThemeSource } = themeSlice.selectors;
