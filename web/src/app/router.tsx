import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteError } from '../components/errors/route-error';
import { paths } from '../lib/paths';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { RootLayout } from './routes/root-layout';

/**
 * The route tree. Screens of SPEC section 2 join as their features land (paths in lib/paths.ts);
 * until then their paths fall through to the not-found page.
 */
export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
