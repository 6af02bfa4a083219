import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { selectTheme, toggleTheme } from './theme-slice';

/** The current theme and a toggle. The document and storage follow through {@link ThemeSync}. */
export function useTheme() {
  const theme = useAppSelector(selectTheme);
  const dispatch = useAppDispatch();
  const toggle = useCallback(() => dispatch(toggleTheme()), [dispatch]);
  return { theme, toggleTheme: toggle };
}
