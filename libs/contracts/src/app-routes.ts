import { SHL_VIEWER_PATH } from './health-links.js';

/**
 * The web app's route patterns (SPEC section 2), shared by the web's router and the gateway, which answers 404 for a
 * path no screen serves. Patterns use react-router's syntax: `:name` is one segment, `:name?` an optional last one.
 */
export const AppRoutes = {
  home: '/',
  emergencyCard: '/emergency/:token',
  history: '/history',
  myAccount: '/my-account',
  subscribe: '/subscribe',
  premiumHistory: '/premium/history',
  premiumSuccess: '/premium/success',
  terms: '/terms',
  contactUs: '/contact-us',
  privacyControls: '/privacy-controls',
  privacy: '/privacy',
  expired: '/expired',
  shop: '/qrmerchshop',
  customize: '/customize/:blueprintId',
  cart: '/cart',
  checkout: '/checkout',
  checkoutSuccess: '/checkout/success',
  myOrders: '/my-orders',
  resetPassword: '/reset-password/:token?',
  verifyEmail: '/verify-email/:token',
  /** The link mailed with an anonymous code, to prove its email. */
  confirmCodeEmail: '/confirm-code-email/:token',
  scanner: '/scanner',
  pricing: '/pricing',
  login: '/login',
  demoPrivacy: '/demo-privacy',
  /** Where an immediate deletion lands, signed out: it says the account and data were deleted. */
  accountDeleted: '/account-deleted',
  /** The health link viewer: opens a `#shlink:/…` fragment, which never reaches the server. */
  shl: SHL_VIEWER_PATH,
} as const;

export type AppRoute = (typeof AppRoutes)[keyof typeof AppRoutes];

/**
 * The routes a screen serves today. A route of the spec whose screen has not landed yet answers 404 with the
 * not-found page, as the app itself shows it; adding a screen to the router means adding its route here (a web test
 * holds the two together).
 */
export const SERVED_APP_ROUTES: readonly AppRoute[] = [
  AppRoutes.home,
  AppRoutes.emergencyCard,
  AppRoutes.expired,
  AppRoutes.resetPassword,
  AppRoutes.verifyEmail,
  AppRoutes.confirmCodeEmail,
  AppRoutes.myAccount,
  AppRoutes.history,
  AppRoutes.pricing,
  AppRoutes.subscribe,
  AppRoutes.premiumSuccess,
  AppRoutes.premiumHistory,
  AppRoutes.scanner,
  AppRoutes.shop,
  AppRoutes.customize,
  AppRoutes.cart,
  AppRoutes.checkout,
  AppRoutes.checkoutSuccess,
  AppRoutes.myOrders,
  AppRoutes.terms,
  AppRoutes.contactUs,
  AppRoutes.privacy,
  AppRoutes.privacyControls,
  AppRoutes.demoPrivacy,
  AppRoutes.accountDeleted,
  AppRoutes.login,
  AppRoutes.shl,
];

/** Whether a path matches a pattern as the web's router matches it: case-insensitive, a trailing slash allowed. */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const wanted = segmentsOf(pattern);
  const given = segmentsOf(pathname);
  if (given.length > wanted.length) return false;
  return wanted.every((segment, index) => {
    const value = given[index];
    if (segment.startsWith(':')) return value !== undefined || segment.endsWith('?');
    return value !== undefined && value.toLowerCase() === segment.toLowerCase();
  });
}

/** Whether a screen of the app serves this path. */
export function isServedAppPath(pathname: string): boolean {
  return SERVED_APP_ROUTES.some((pattern) => matchesRoute(pattern, pathname));
}

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');
