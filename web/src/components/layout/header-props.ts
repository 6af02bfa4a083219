import type { Theme } from '../../lib/storage';

export const APP_TITLE = 'Emergency Quick Response (QR)';
/** What a phone's header shows: the full title would wrap onto two lines beside the buttons. */
export const APP_TITLE_SHORT = 'Emergency QR';

/** What the header needs to know about the signed-in user. */
export interface HeaderUser {
  firstName?: string | null;
}

/**
 * The header is shared UI: it knows nothing of auth, theme or cart state. The route layout
 * composes those features and passes their values and handlers in.
 */
export interface HeaderProps {
  /** null when nobody is signed in. */
  user: HeaderUser | null;
  isPremium?: boolean;
  theme: Theme;
  onToggleTheme: () => void;
  /** Without a handler there is no share entry. */
  onShare?: () => void;
  /** Items in the cart; without it (or signed out) there is no cart entry. */
  cartCount?: number;
  onLogout?: () => void;
  /** Opens the pricing plans; without it (or for premium users) there is no upgrade prompt. */
  onUpgrade?: () => void;
  /** QR Scanner entry in the mobile menu; on by default. */
  scannerEnabled?: boolean;
  /** History entries for signed-in users; on by default. */
  historyEnabled?: boolean;
}

export function greetingFor(user: HeaderUser): string {
  return `Hi, ${user.firstName?.trim() || 'User'}!`;
}

export function cartLabel(count: number): string {
  if (count <= 0) return 'Cart';
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}
