export { ThemeSync } from './theme-sync';
export { useTheme } from './use-theme';
export { selectTheme, themeSlice, toggleTheme } from './theme-slice';
