import { AppRoutes } from '@medical-qr/contracts';

/**
 * Every route of the web app (SPEC section 2) in one place. `path` is the router pattern (from the
 * contracts' AppRoutes, which the gateway reads too, to answer 404 for paths no screen serves),
 * `getHref` builds a link. Screens that do not exist yet still have their path here, so links
 * written today keep working when the screen lands.
 */

type Query = Record<string, string | number | boolean | null | undefined>;

/** Appends the defined query values to a path, `?a=1&b=2`, skipping null/undefined/false. */
export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === false) continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

const segment = (value: string | number) => encodeURIComponent(String(value));

export const paths = {
  home: {
    path: AppRoutes.home,
    /**
     * `login` opens the login dialog (optionally with an error message); `timeout` marks an
     * inactivity logout, `signedOut` a sign-out the person chose; `noActiveQr` explains that a
     * QR code is needed first (sent by the shop).
     */
    getHref: (
      query: {
        login?: boolean;
        error?: string;
        timeout?: 'inactivity';
        signedOut?: boolean;
        noActiveQr?: boolean;
      } = {},
    ) => withQuery('/', query),
  },
  emergencyCard: {
    path: AppRoutes.emergencyCard,
    getHref: (token: string) => `/emergency/${segment(token)}`,
  },
  history: {
    path: AppRoutes.history,
    getHref: (query: { expand?: 'active' } = {}) => withQuery('/history', query),
  },
  myAccount: { path: AppRoutes.myAccount, getHref: () => '/my-account' },
  subscribe: { path: AppRoutes.subscribe, getHref: () => '/subscribe' },
  premiumHistory: { path: AppRoutes.premiumHistory, getHref: () => '/premium/history' },
  premiumSuccess: { path: AppRoutes.premiumSuccess, getHref: () => '/premium/success' },
  terms: { path: AppRoutes.terms, getHref: () => '/terms' },
  contactUs: { path: AppRoutes.contactUs, getHref: () => '/contact-us' },
  privacyControls: { path: AppRoutes.privacyControls, getHref: () => '/privacy-controls' },
  /** Same screen as privacyControls; takes an optional email. */
  privacy: {
    path: AppRoutes.privacy,
    getHref: (query: { email?: string } = {}) => withQuery('/privacy', query),
  },
  expired: { path: AppRoutes.expired, getHref: () => '/expired' },
  shop: { path: AppRoutes.shop, getHref: () => '/qrmerchshop' },
  customize: {
    path: AppRoutes.customize,
    getHref: (blueprintId: string | number, query: { cartItemId?: string | number } = {}) =>
      withQuery(`/customize/${segment(blueprintId)}`, query),
  },
  cart: { path: AppRoutes.cart, getHref: () => '/cart' },
  checkout: { path: AppRoutes.checkout, getHref: () => '/checkout' },
  /** Where the card payment provider returns after checkout. */
  checkoutSuccess: { path: AppRoutes.checkoutSuccess, getHref: () => '/checkout/success' },
  myOrders: { path: AppRoutes.myOrders, getHref: () => '/my-orders' },
  /** The token is optional in the pattern so a link without one still reaches the screen (and its "Invalid Link" notice). */
  resetPassword: {
    path: AppRoutes.resetPassword,
    getHref: (token: string) => `/reset-password/${segment(token)}`,
  },
  /** Client route that sends the browser on to the server's verify link. */
  verifyEmail: {
    path: AppRoutes.verifyEmail,
    getHref: (token: string) => `/verify-email/${segment(token)}`,
  },
  /** The link mailed with a free code, to prove its email. */
  confirmCodeEmail: {
    path: AppRoutes.confirmCodeEmail,
    getHref: (token: string) => `/confirm-code-email/${segment(token)}`,
  },
  scanner: { path: AppRoutes.scanner, getHref: () => '/scanner' },
  /** The health link viewer; the link itself (`#shlink:/…`) follows as the fragment. */
  shl: { path: AppRoutes.shl, getHref: () => '/shl' },
  pricing: { path: AppRoutes.pricing, getHref: () => '/pricing' },
  login: { path: AppRoutes.login, getHref: () => '/login' },
  demoPrivacy: { path: AppRoutes.demoPrivacy, getHref: () => '/demo-privacy' },
  accountDeleted: { path: AppRoutes.accountDeleted, getHref: () => '/account-deleted' },
} as const;

/** Server routes the browser navigates to (full page loads, not API calls). */
export const serverPaths = {
  logout: '/api/logout',
  googleAuth: (redirect?: string) => withQuery('/api/auth/google', { redirect }),
  verifyEmail: (token: string) => `/api/auth/verify-email/${segment(token)}`,
} as const;

/** Where a session that expired (401 on a non-auth call, or inactivity) lands. */
export const sessionExpiredHref = paths.home.getHref({ timeout: 'inactivity' });
