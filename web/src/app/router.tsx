import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteError } from '../components/errors/route-error';
import { paths } from '../lib/paths';
import { ExpiredRoute } from './routes/expired';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { ResetPasswordRoute } from './routes/reset-password';
import { RootLayout } from './routes/root-layout';
import { VerifyEmailRoute } from './routes/verify-email';

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
      { path: paths.expired.path, element: <ExpiredRoute /> },
      { path: paths.resetPassword.path, element: <ResetPasswordRoute /> },
      { path: paths.verifyEmail.path, element: <VerifyEmailRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
