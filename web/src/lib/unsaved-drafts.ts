/**
 * Work a person typed but could not save because their session ended, kept in this tab's session storage until they
 * are signed in again (a full page load, a trip through Google). Each draft names whose it is, so another account
 * signing in on the same tab never sees it; signing out forgets every draft.
 */
const PREFIX = 'medical-qr-unsaved:';

interface StoredDraft<T> {
  userId: string;
  value: T;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function keepUnsavedDraft<T>(name: string, userId: string, value: T): void {
  try {
    storage()?.setItem(PREFIX + name, JSON.stringify({ userId, value } satisfies StoredDraft<T>));
  } catch (error) {
    console.warn('Could not keep the unsaved changes in session storage', error);
  }
}

/** The draft kept for `userId`, or null; a draft of anyone else is dropped. */
export function readUnsavedDraft<T>(name: string, userId: string): T | null {
  try {
    const raw = storage()?.getItem(PREFIX + name);
    if (!raw) return null;
    const draft = JSON.parse(raw) as StoredDraft<T>;
    if (draft.userId === userId) return draft.value;
    forgetUnsavedDraft(name);
  } catch {
    forgetUnsavedDraft(name);
  }
  return null;
}

export function forgetUnsavedDraft(name: string): void {
  try {
    storage()?.removeItem(PREFIX + name);
  } catch {
    // Nothing to forget when storage is unavailable.
  }
}

/** Signing out leaves nothing of the account's unsaved work on the device. */
export function forgetAllUnsavedDrafts(): void {
  const kept = storage();
  if (!kept) return;
  try {
    for (const key of Object.keys(kept)) if (key.startsWith(PREFIX)) kept.removeItem(key);
  } catch {
    // Nothing to forget when storage is unavailable.
  }
}
