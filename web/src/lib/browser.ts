/**
 * Full-page navigations (server redirects such as Google sign-in, logout, the verify-email link).
 * They go through this one object so tests can replace them; jsdom cannot navigate.
 */
export const browserLocation = {
  assign(href: string): void {
    window.location.assign(href);
  },
  replace(href: string): void {
    window.location.replace(href);
  },
  reload(): void {
    window.location.reload();
  },
};
