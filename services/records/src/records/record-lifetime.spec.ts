import { isExpired, parseLifetime } from './record-lifetime.js';

describe('parseLifetime', () => {
  it.each([
    ['2d', 172_800_000],
    ['10d', 864_000_000],
    ['12h', 43_200_000],
    ['30m', 1_800_000],
    ['5s', 5000],
  ])('reads %s', (value, ms) => {
    expect(parseLifetime(value)).toBe(ms);
  });

  it.each(['', '0s', '2', 'd', '2w', '-1d', '1.5d', '2 days', '9999999d'])('refuses %j', (value) => {
    expect(parseLifetime(value)).toBeUndefined();
  });
});

describe('isExpired', () => {
  const now = new Date('2026-11-23T12:00:00Z');

  it('treats a code as expired from the very moment its expiry time comes', () => {
    expect(isExpired(new Date('2026-11-23T12:00:00Z'), now)).toBe(true);
    expect(isExpired(new Date('2026-11-23T11:59:59Z'), now)).toBe(true);
    expect(isExpired(new Date('2026-11-23T12:00:01Z'), now)).toBe(false);
  });

  it('never expires a premium code (no expiry time)', () => {
    expect(isExpired(null, now)).toBe(false);
  });
});
