/**
 * The handlers behind toast buttons. Functions do not belong in the Redux store, so the store
 * keeps only the button label and this map keeps the handler, keyed by notification id.
 * Only the newest few are kept: with one toast on screen at a time, older ones can no longer be pressed.
 */
const MAX_KEPT = 20;
const handlers = new Map<string, () => void>();

export function registerNotificationAction(id: string, handler: () => void): void {
  handlers.set(id, handler);
  while (handlers.size > MAX_KEPT) {
    const oldest = handlers.keys().next().value;
    if (oldest === undefined) break;
    handlers.delete(oldest);
  }
}

export function runNotificationAction(id: string): void {
  handlers.get(id)?.();
}
