/**
 * Reads a cookie a server redirect left for this page and removes it, so it is acted on once (the sign-in hints of
 * SignInLanding). Answers null when it is not there.
 */
export function takeCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${name}=`;
  const entry = document.cookie.split(';').find((part) => part.trim().startsWith(prefix));
  if (entry === undefined) return null;
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
  try {
    return decodeURIComponent(entry.trim().slice(prefix.length));
  } catch {
    return null;
  }
}

/** Whether the page has a cookie of this name (only cookies the server let the page read). */
export function hasCookie(name: string): boolean {
  if (typeof document === 'undefined') return false;
  const prefix = `${name}=`;
  return document.cookie.split(';').some((part) => part.trim().startsWith(prefix));
}
