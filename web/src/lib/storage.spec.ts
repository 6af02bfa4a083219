import { jest } from '@jest/globals';
import {
  addToStoredHistory,
  clearStoredHistory,
  isStoredUserAuthenticated,
  readStoredHistory,
  readStoredTheme,
  readStoredUser,
  STORAGE_KEYS,
  writeStoredTheme,
  writeStoredUser,
} from './storage';

let warn: jest.SpiedFunction<typeof console.warn>;

beforeEach(() => {
  localStorage.clear();
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

describe('browser storage', () => {
  it('uses the keys the spec names, and the health link viewer its own for the name a reader gives', () => {
    expect(STORAGE_KEYS).toEqual({
      user: 'medical-qr-user',
      history: 'medical-qr-history',
      theme: 'theme',
      shlRecipient: 'medical-qr-shl-recipient',
    });
  });

  it('reads back the saved user', () => {
    writeStoredUser({ firstName: 'Ada', email: 'ada@example.com', isAuthenticated: true });
    expect(readStoredUser()).toEqual({ firstName: 'Ada', email: 'ada@example.com', isAuthenticated: true });
    expect(localStorage.getItem('medical-qr-user')).toContain('"firstName":"Ada"');
  });

  it('logs and removes a corrupted user record instead of failing', () => {
    localStorage.setItem('medical-qr-user', '{"firstName": "Ada"');
    expect(readStoredUser()).toBeNull();
    expect(localStorage.getItem('medical-qr-user')).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('medical-qr-user'));
  });

  it('logs and removes a history that is not a list of codes with ids', () => {
    localStorage.setItem('medical-qr-history', '{"id":"not-a-list"}');
    expect(readStoredHistory()).toEqual([]);
    expect(localStorage.getItem('medical-qr-history')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('counts a local user as signed in only when flagged authenticated', () => {
    expect(isStoredUserAuthenticated(null)).toBe(false);
    expect(isStoredUserAuthenticated({ email: 'a@b.c' })).toBe(false);
    expect(isStoredUserAuthenticated({ email: 'a@b.c', isAuthenticated: true })).toBe(true);
  });
});

describe('local QR history', () => {
  it('puts a new code first and keeps one copy per id', () => {
    addToStoredHistory({ id: 'a', token: 't1' });
    addToStoredHistory({ id: 'b', token: 't2' });
    addToStoredHistory({ id: 'a', token: 't3' });
    expect(readStoredHistory()).toEqual([
      { id: 'a', token: 't3' },
      { id: 'b', token: 't2' },
    ]);
  });

  it('clearing history also forgets the saved user', () => {
    writeStoredUser({ email: 'a@b.c', isAuthenticated: true });
    addToStoredHistory({ id: 'a' });
    clearStoredHistory();
    expect(readStoredHistory()).toEqual([]);
    expect(readStoredUser()).toBeNull();
  });
});

describe('saved theme', () => {
  it('stores the bare word the pre-paint script reads', () => {
    writeStoredTheme('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(readStoredTheme()).toBe('dark');
  });

  it('drops a value that is neither light nor dark', () => {
    localStorage.setItem('theme', 'purple');
    expect(readStoredTheme()).toBeNull();
    expect(localStorage.getItem('theme')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
