import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ThemeSync } from '../features/theme';
import type { AppStore } from './store';

/** Everything the app needs above the router: the store, and the theme kept in step with the page. */
export function AppProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeSync />
      {children}
    </Provider>
  );
}
