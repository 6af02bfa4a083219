/**
 * Every route of the web app (SPEC section 2) in one place. `path` is the router pattern,
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
    path: '/',
    /**
     * `login` opens the login dialog (optionally with an error message); `timeout` marks an
     * inactivity logout; `noActiveQr` explains that a QR code is needed first (sent by the shop).
     */
    getHref: (query: { login?: boolean; error?: string; timeout?: 'inactivity'; noActiveQr?: boolean } = {}) =>
      withQuery('/', query),
  },
  emergencyCard: {
    path: '/emergency/:token',
    getHref: (token: string) => `/emergency/${segment(token)}`,
  },
  history: {
    path: '/history',
    getHref: (query: { expand?: 'active' } = {}) => withQuery('/history', query),
  },
  myAccount: { path: '/my-account', getHref: () => '/my-account' },
  subscribe: { path: '/subscribe', getHref: () => '/subscribe' },
  premiumHistory: { path: '/premium/history', getHref: () => '/premium/history' },
  premiumSuccess: { path: '/premium/success', getHref: () => '/premium/success' },
  terms: { path: '/terms', getHref: () => '/terms' },
  contactUs: { path: '/contact-us', getHref: () => '/contact-us' },
  privacyControls: { path: '/privacy-controls', getHref: () => '/privacy-controls' },
  /** Same screen as privacyControls; takes an optional email. */
  privacy: {
    path: '/privacy',
    getHref: (query: { email?: string } = {}) => withQuery('/privacy', query),
  },
  expired: { path: '/expired', getHref: () => '/expired' },
  shop: { path: '/qrmerchshop', getHref: () => '/qrmerchshop' },
  customize: {
    path: '/customize/:blueprintId',
    getHref: (blueprintId: string | number, query: { cartItemId?: string | number } = {}) =>
      withQuery(`/customize/${segment(blueprintId)}`, query),
  },
  cart: { path: '/cart', getHref: () => '/cart' },
  checkout: { path: '/checkout', getHref: () => '/checkout' },
  /** Where the card payment provider returns after checkout. */
  checkoutSuccess: { path: '/checkout/success', getHref: () => '/checkout/success' },
  myOrders: { path: '/my-orders', getHref: () => '/my-orders' },
  /** The token is optional in the pattern so a link without one still reaches the screen (and its "Invalid Link" notice). */
  resetPassword: {
    path: '/reset-password/:token?',
    getHref: (token: string) => `/reset-password/${segment(token)}`,
  },
  /** Client route that sends the browser on to the server's verify link. */
  verifyEmail: {
    path: '/verify-email/:token',
    getHref: (token: string) => `/verify-email/${segment(token)}`,
  },
  scanner: { path: '/scanner', getHref: () => '/scanner' },
  pricing: { path: '/pricing', getHref: () => '/pricing' },
  login: { path: '/login', getHref: () => '/login' },
  demoPrivacy: { path: '/demo-privacy', getHref: () => '/demo-privacy' },
} as const;

/** Server routes the browser navigates to (full page loads, not API calls). */
export const serverPaths = {
  logout: '/api/logout',
  googleAuth: (redirect?: string) => withQuery('/api/auth/google', { redirect }),
  verifyEmail: (token: string) => `/api/auth/verify-email/${segment(token)}`,
} as const;

/** Where a session that expired (401 on a non-auth call, or inactivity) lands. */
export const sessionExpiredHref = paths.home.getHref({ timeout: 'inactivity' });
