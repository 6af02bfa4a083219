import {
  hasUpgradeIntent,
  peekLoginRedirect,
  rememberLoginRedirect,
  rememberUpgradeIntent,
  SESSION_KEYS,
  takeLoginRedirect,
  takeUpgradeIntent,
} from './login-gate';

describe('login gate storage', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps a local target until it is taken, once', () => {
    rememberLoginRedirect('/privacy?email=a%40b.c');
    expect(peekLoginRedirect()).toBe('/privacy?email=a%40b.c');
    expect(takeLoginRedirect()).toBe('/privacy?email=a%40b.c');
    expect(takeLoginRedirect()).toBeNull();
  });

  it('refuses anything that leaves the site', () => {
    for (const target of [
      '//evil.example',
      'https://evil.example/',
      '/\\\\evil.example',
      'privacy',
      'javascript:alert(1)',
    ]) {
      rememberLoginRedirect(target);
      expect(takeLoginRedirect()).toBeNull();
    }
    sessionStorage.setItem(SESSION_KEYS.loginRedirect, '//planted.example');
    expect(takeLoginRedirect()).toBeNull();
  });

  it('remembers an upgrade intent until it is taken', () => {
    expect(takeUpgradeIntent()).toBe(false);
    rememberUpgradeIntent();
    expect(hasUpgradeIntent()).toBe(true);
    expect(takeUpgradeIntent()).toBe(true);
    expect(hasUpgradeIntent()).toBe(false);
  });
});
