import { limitedAddress } from './client-address.js';

describe('the address a per-address limit counts', () => {
  it('counts IPv6 clients by their /64, however the address is written', () => {
    expect(limitedAddress('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(limitedAddress('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(limitedAddress('2001:0DB8:0001:0002:0:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(limitedAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitedAddress('::1')).toBe('0:0:0:0::/64');
    expect(limitedAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('keeps different /64 prefixes apart', () => {
    expect(limitedAddress('2001:db8:1:2::1')).not.toBe(limitedAddress('2001:db8:1:3::1'));
  });

  it('counts IPv4 addresses, mapped into IPv6 or not, one by one', () => {
    expect(limitedAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(limitedAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(limitedAddress('203.0.113.9')).not.toBe(limitedAddress('203.0.113.10'));
  });

  it('names a missing address', () => {
    expect(limitedAddress(undefined)).toBe('unknown');
  });
});
