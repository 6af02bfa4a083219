import { AppRoutes, isServedAppPath, matchesRoute } from './app-routes.js';

describe('app route patterns', () => {
  it('match as the web router does: one segment per parameter, an optional last one, any case, a trailing slash', () => {
    expect(matchesRoute(AppRoutes.home, '/')).toBe(true);
    expect(matchesRoute(AppRoutes.home, '/x')).toBe(false);
    expect(matchesRoute(AppRoutes.expired, '/Expired/')).toBe(true);
    expect(matchesRoute(AppRoutes.resetPassword, '/reset-password')).toBe(true);
    expect(matchesRoute(AppRoutes.resetPassword, '/reset-password/abc')).toBe(true);
    expect(matchesRoute(AppRoutes.resetPassword, '/reset-password/abc/def')).toBe(false);
    expect(matchesRoute(AppRoutes.verifyEmail, '/verify-email')).toBe(false);
    expect(matchesRoute(AppRoutes.emergencyCard, '/emergency/AbCdEfGhIjKlMnOpQrStUv')).toBe(true);
  });

  it('serve only the screens that exist, so every other path is a 404', () => {
    for (const path of [
      '/',
      '/expired',
      '/reset-password/t0ken',
      '/verify-email/t0ken',
      '/emergency/abc',
      '/my-account',
      '/pricing',
      '/subscribe',
      '/premium/success',
      '/history',
      '/premium/history',
      '/scanner',
      '/qrmerchshop',
      '/customize/1308',
      '/cart',
      '/checkout',
      '/checkout/success',
      '/my-orders',
      '/terms',
      '/contact-us',
      '/privacy',
      '/privacy-controls',
      '/Privacy/',
      '/demo-privacy',
      '/login',
    ]) {
      expect({ path, served: isServedAppPath(path) }).toEqual({ path, served: true });
    }
    for (const path of [
      '/nope',
      '/index.html',
      '/expired/now',
      '/emergency',
      '/premium',
      '/premium/other',
      '/wp-login.php',
      '/customize',
      '/customize/1308/extra',
      '/checkout/failed',
      '/terms/extra',
      '/contact',
      '/privacy/extra',
      '/privacy-control',
      '/demo-privacy/extra',
    ]) {
      expect({ path, served: isServedAppPath(path) }).toEqual({ path, served: false });
    }
  });
});
