import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouteError } from '../components/errors/route-error';
import { ScreenLoading } from '../components/ui/screen-loading';
import { ShopLoading } from '../features/shop/catalog/shop-loading';
import { paths } from '../lib/paths';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { RootLayout } from './routes/root-layout';

// Screens a first visit rarely needs load when first opened, so the home page stays light.
const ExpiredRoute = lazy(() => import('./routes/expired').then((module) => ({ default: module.ExpiredRoute })));
const ResetPasswordRoute = lazy(() =>
  import('./routes/reset-password').then((module) => ({ default: module.ResetPasswordRoute })),
);
const VerifyEmailRoute = lazy(() =>
  import('./routes/verify-email').then((module) => ({ default: module.VerifyEmailRoute })),
);
const HistoryRoute = lazy(() => import('./routes/history').then((module) => ({ default: module.HistoryRoute })));
const MyAccountRoute = lazy(() => import('./routes/my-account').then((module) => ({ default: module.MyAccountRoute })));
const PremiumSuccessRoute = lazy(() =>
  import('./routes/premium-success').then((module) => ({ default: module.PremiumSuccessRoute })),
);
const PremiumHistoryRoute = lazy(() =>
  import('./routes/premium-history').then((module) => ({ default: module.PremiumHistoryRoute })),
);
const PricingRoute = lazy(() => import('./routes/pricing').then((module) => ({ default: module.PricingRoute })));
const ScannerRoute = lazy(() => import('./routes/scanner').then((module) => ({ default: module.ScannerRoute })));
const SubscribeRoute = lazy(() => import('./routes/subscribe').then((module) => ({ default: module.SubscribeRoute })));
const ShopRoute = lazy(() => import('./routes/shop').then((module) => ({ default: module.ShopRoute })));
const CustomizeRoute = lazy(() => import('./routes/customize').then((module) => ({ default: module.CustomizeRoute })));
const CartRoute = lazy(() => import('./routes/cart').then((module) => ({ default: module.CartRoute })));
const CheckoutRoute = lazy(() => import('./routes/checkout').then((module) => ({ default: module.CheckoutRoute })));
const CheckoutSuccessRoute = lazy(() =>
  import('./routes/checkout-success').then((module) => ({ default: module.CheckoutSuccessRoute })),
);
const MyOrdersRoute = lazy(() => import('./routes/my-orders').then((module) => ({ default: module.MyOrdersRoute })));
const TermsRoute = lazy(() => import('./routes/terms').then((module) => ({ default: module.TermsRoute })));
const ContactUsRoute = lazy(() => import('./routes/contact-us').then((module) => ({ default: module.ContactUsRoute })));
const ConfirmCodeEmailRoute = lazy(() =>
  import('./routes/confirm-code-email').then((module) => ({ default: module.ConfirmCodeEmailRoute })),
);
const AccountDeletedRoute = lazy(() =>
  import('./routes/account-deleted').then((module) => ({ default: module.AccountDeletedRoute })),
);
// The health link viewer loads its decryption (jose) with it, in a chunk of its own.
const ShlRoute = lazy(() => import('./routes/shl').then((module) => ({ default: module.ShlRoute })));
const PrivacyRoute = lazy(() => import('./routes/privacy').then((module) => ({ default: module.PrivacyRoute })));

/** A screen loaded on demand: the header stays, the screen's place says it is loading. */
function onDemand(Screen: LazyExoticComponent<ComponentType>, loading: ReactNode = <ScreenLoading />) {
  return (
    <Suspense fallback={loading}>
      <Screen />
    </Suspense>
  );
}

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
      { path: paths.expired.path, element: onDemand(ExpiredRoute) },
      { path: paths.resetPassword.path, element: onDemand(ResetPasswordRoute) },
      { path: paths.verifyEmail.path, element: onDemand(VerifyEmailRoute) },
      { path: paths.confirmCodeEmail.path, element: onDemand(ConfirmCodeEmailRoute) },
      { path: paths.history.path, element: onDemand(HistoryRoute) },
      { path: paths.myAccount.path, element: onDemand(MyAccountRoute) },
      { path: paths.pricing.path, element: onDemand(PricingRoute) },
      { path: paths.subscribe.path, element: onDemand(SubscribeRoute) },
      { path: paths.premiumSuccess.path, element: onDemand(PremiumSuccessRoute) },
      { path: paths.premiumHistory.path, element: onDemand(PremiumHistoryRoute) },
      { path: paths.scanner.path, element: onDemand(ScannerRoute) },
      { path: paths.shop.path, element: onDemand(ShopRoute, <ShopLoading />) },
      { path: paths.customize.path, element: onDemand(CustomizeRoute) },
      { path: paths.cart.path, element: onDemand(CartRoute) },
      { path: paths.checkout.path, element: onDemand(CheckoutRoute) },
      { path: paths.checkoutSuccess.path, element: onDemand(CheckoutSuccessRoute) },
      { path: paths.myOrders.path, element: onDemand(MyOrdersRoute) },
      { path: paths.terms.path, element: onDemand(TermsRoute) },
      { path: paths.contactUs.path, element: onDemand(ContactUsRoute) },
      { path: paths.privacy.path, element: onDemand(PrivacyRoute) },
      { path: paths.privacyControls.path, element: onDemand(PrivacyRoute) },
      // Where a session that ended mid-action lands: the privacy screen's sign-in prompt, with the demo account.
      { path: paths.demoPrivacy.path, element: onDemand(PrivacyRoute) },
      { path: paths.accountDeleted.path, element: onDemand(AccountDeletedRoute) },
      { path: paths.shl.path, element: onDemand(ShlRoute) },
      // A link to /login opens the sign-in dialog on the home page.
      { path: paths.login.path, element: <Navigate to={paths.home.getHref({ login: true })} replace /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
