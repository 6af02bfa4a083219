import { isLocalRedirect } from '@medical-qr/contracts';

/**
 * What to do after a sign-in (SPEC section 4, "Login gate"), kept in session storage so it
 * survives the trip through Google. Any screen may set these before asking the visitor to sign
 * in; the auth feature takes them (read and remove) once the sign-in succeeds.
 */
export const SESSION_KEYS = {
  /** A local path to go to after signing in. */
  loginRedirect: 'medical-qr-login-redirect',
  /** Set when a visitor chose to upgrade before signing in: they go on to /subscribe. */
  upgradeIntent: 'medical-qr-upgrade-intent',
} as const;

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  try {
    return session()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    session()?.setItem(key, value);
  } catch (error) {
    console.warn(`Could not save "${key}" in session storage`, error);
  }
}

function remove(key: string): void {
  try {
    session()?.removeItem(key);
  } catch {
    // Nothing to clean up when storage is unavailable.
  }
}

/** Only paths on this site are kept (no `//other.host`, no absolute URLs). */
export function isLocalPath(value: unknown): value is string {
  return typeof value === 'string' && isLocalRedirect(value);
}

/** Remembers where to go after signing in. Anything but a local path is ignored. */
export function rememberLoginRedirect(path: string): void {
  if (isLocalPath(path)) write(SESSION_KEYS.loginRedirect, path);
}

/** The stored target without removing it. */
export function peekLoginRedirect(): string | null {
  const value = read(SESSION_KEYS.loginRedirect);
  return isLocalPath(value) ? value : null;
}

/** The stored target, removed so it is followed once. */
export function takeLoginRedirect(): string | null {
  const value = peekLoginRedirect();
  remove(SESSION_KEYS.loginRedirect);
  return value;
}

export function rememberUpgradeIntent(): void {
  write(SESSION_KEYS.upgradeIntent, '1');
}

export function hasUpgradeIntent(): boolean {
  return read(SESSION_KEYS.upgradeIntent) === '1';
}

/** Whether an upgrade was pending; it is cleared either way. */
export function takeUpgradeIntent(): boolean {
  const pending = hasUpgradeIntent();
  remove(SESSION_KEYS.upgradeIntent);
  return pending;
}
