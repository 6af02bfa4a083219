import './dom-polyfills';
import { configure, render, screen, waitFor, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { AppProvider } from '../src/app/provider';
import { routes as appRoutes } from '../src/app/router';
import { makeStore, type AppStore, type RootState } from '../src/app/store';

// A lazy screen (the terms are long) can take more than the default second to appear while the whole suite loads
// both cores; `findBy...` waits up to five before it says the screen is missing.
configure({ asyncUtilTimeout: 5000 });

export interface ProvidersOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  /** Where the in-memory router starts, e.g. `/nope`. */
  route?: string;
  preloadedState?: Partial<RootState>;
  store?: AppStore;
}

/**
 * Renders `ui` as the only screen of an in-memory router, inside the app's providers (store,
 * theme). Links and navigation work; any other path renders a "Moved to {path}" marker.
 */
export function renderWithProviders(ui: ReactElement, options: ProvidersOptions = {}) {
  const { route = '/', preloadedState, store = makeStore(preloadedState), ...renderOptions } = options;
  const routes: RouteObject[] = [
    { path: new URL(route, 'http://test').pathname, element: ui },
    { path: '*', Component: MovedTo },
  ];
  return mount(routes, route, store, renderOptions);
}

/** Renders the whole app (layout, header, real routes) at `route`. */
export function renderApp(route = '/', options: Omit<ProvidersOptions, 'route'> = {}) {
  const { preloadedState, store = makeStore(preloadedState), ...renderOptions } = options;
  return mount(appRoutes, route, store, renderOptions);
}

function mount(routes: RouteObject[], route: string, store: AppStore, renderOptions: RenderOptions) {
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const result = render(
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>,
    renderOptions,
  );
  return { ...result, store, router };
}

/** Rendered for any path the test did not mount, so navigation shows on screen. */
function MovedTo() {
  const { pathname, search } = useLocation();
  return <p>Moved to {pathname + search}</p>;
}

/** Waits until the screen's code, loaded on demand, has replaced its loading state ("Loading…"). */
export async function screenLoaded(): Promise<void> {
  await waitFor(() => expect(screen.queryByText('Loading…')).toBeNull());
}
