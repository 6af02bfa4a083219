/**
 * Browser storage (SPEC sections 3 and 4). Values are JSON, except `theme` which is the bare
 * string the pre-paint script in index.html reads. A value that cannot be read back (corrupted
 * JSON, or a shape that fails the caller's check) is logged and removed, so one bad write never
 * breaks the app for good. Storage that is unavailable (private mode, quota, disabled) reads as
 * empty and ignores writes.
 */

export const STORAGE_KEYS = {
  user: 'medical-qr-user',
  history: 'medical-qr-history',
  theme: 'theme',
  /** Who opened a health link last on this browser (the viewer asks for a name each time, filled in from this). */
  shlRecipient: 'medical-qr-shl-recipient',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readString(key: StorageKey): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeString(key: StorageKey, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch (error) {
    console.warn(`Could not save "${key}" in browser storage`, error);
  }
}

export function removeStored(key: StorageKey): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to clean up when storage is unavailable.
  }
}

/**
 * Reads a JSON value. `isValid` guards the shape; a value that fails to parse or to validate is
 * treated as corrupted: a warning is logged, the key is removed and `null` is returned.
 */
export function readJson<T>(key: StorageKey, isValid: (value: unknown) => value is T): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return discardCorrupted(key, 'it is not valid JSON');
  }
  if (!isValid(value)) return discardCorrupted(key, 'it has an unexpected shape');
  return value;
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeString(key, JSON.stringify(value));
}

function discardCorrupted(key: StorageKey, reason: string): null {
  console.warn(`Removed corrupted browser storage value "${key}": ${reason}.`);
  removeStored(key);
  return null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The locally saved user record (SPEC 3 "User"; `isAuthenticated` may ride along). */
export interface StoredUser {
  firstName?: string;
  lastName?: string;
  email?: string;
  phoneNumber?: string;
  createdAt?: string;
  isTemporary?: boolean;
  isAuthenticated?: boolean;
}

const isStoredUser = (value: unknown): value is StoredUser => isObject(value);

export function readStoredUser(): StoredUser | null {
  return readJson(STORAGE_KEYS.user, isStoredUser);
}

export function writeStoredUser(user: StoredUser): void {
  writeJson(STORAGE_KEYS.user, user);
}

/** Forgets the saved user (sign-out). */
export function clearStoredUser(): void {
  removeStored(STORAGE_KEYS.user);
}

/** A local user counts as signed in only if a record exists and is flagged authenticated. */
export function isStoredUserAuthenticated(user: StoredUser | null): boolean {
  return user !== null && user.isAuthenticated === true;
}

/** One generated QR code remembered in this browser, newest first, unique by id. */
export interface StoredQrCode {
  id: string;
  [field: string]: unknown;
}

const isHistory = (value: unknown): value is StoredQrCode[] =>
  Array.isArray(value) && value.every((entry) => isObject(entry) && typeof entry.id === 'string');

export function readStoredHistory(): StoredQrCode[] {
  return readJson(STORAGE_KEYS.history, isHistory) ?? [];
}

/** Puts the code first and drops any older copy with the same id. Returns the new list. */
export function addToStoredHistory(entry: StoredQrCode): StoredQrCode[] {
  const next = [entry, ...readStoredHistory().filter((existing) => existing.id !== entry.id)];
  writeJson(STORAGE_KEYS.history, next);
  return next;
}

/**
 * A code this browser created, with what it takes to show it again after a reload: the QR image, its link, expiry and
 * printed reference, and the two facts the lock-screen image prints (the name and blood group the person chose to show on it). Nothing
 * else of the record is kept here.
 */
export interface RememberedQrCode extends StoredQrCode {
  token: string;
  cardUrl: string;
  qrCodeData: string;
  /** Null for codes that never expire. */
  expiresAt: string | null;
  createdAt: string;
  label?: { name: string; bloodGroup: string };
  /** Its printed reference (`K7QM 4XPD`), to text without data; absent for a code remembered before references. */
  reference?: string;
}

const isRemembered = (entry: StoredQrCode): entry is RememberedQrCode =>
  typeof entry.token === 'string' &&
  typeof entry.cardUrl === 'string' &&
  typeof entry.qrCodeData === 'string' &&
  entry.qrCodeData.startsWith('data:image/') &&
  (entry.expiresAt === null || typeof entry.expiresAt === 'string');

/** The codes this browser created, newest first (entries from before the image was kept are skipped). */
export function readRememberedCodes(): RememberedQrCode[] {
  return readStoredHistory().filter(isRemembered);
}

/** The newest code this browser created that still works, if any (entries from before the image was kept are skipped). */
export function latestLiveStoredCode(now = Date.now()): RememberedQrCode | null {
  const live = readStoredHistory().find(
    (entry) => isRemembered(entry) && (entry.expiresAt === null || Date.parse(entry.expiresAt) > now),
  );
  return (live as RememberedQrCode | undefined) ?? null;
}

/** Clearing history also forgets the saved user, which signs the local user out. */
export function clearStoredHistory(): void {
  removeStored(STORAGE_KEYS.history);
  removeStored(STORAGE_KEYS.user);
}

export type Theme = 'light' | 'dark';

export const isTheme = (value: unknown): value is Theme => value === 'light' || value === 'dark';

/** The theme the user chose, or null if they never chose (then the system preference applies). */
export function readStoredTheme(): Theme | null {
  const raw = readString(STORAGE_KEYS.theme);
  if (raw === null) return null;
  if (isTheme(raw)) return raw;
  return discardCorrupted(STORAGE_KEYS.theme, `"${raw}" is not light or dark`);
}

export function writeStoredTheme(theme: Theme): void {
  writeString(STORAGE_KEYS.theme, theme);
}
