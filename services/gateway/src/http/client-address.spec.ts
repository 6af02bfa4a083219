import type { IncomingMessage } from 'node:http';
import { clientAddressOf, limitedAddress } from './client-address.js';

const upgrade = (remoteAddress: string, forwardedFor?: string) =>
  ({
    socket: { remoteAddress },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  }) as unknown as IncomingMessage;

describe('clientAddressOf', () => {
  it('takes the peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddressOf(upgrade('198.51.100.7', '203.0.113.1'), 0)).toBe('198.51.100.7');
  });

  it('takes the address the trusted proxy saw, not what the client prepended', () => {
    expect(clientAddressOf(upgrade('10.0.0.2', '1.1.1.1, 203.0.113.9'), 1)).toBe('203.0.113.9');
    expect(clientAddressOf(upgrade('10.0.0.2', '203.0.113.9, 10.0.0.3'), 2)).toBe('203.0.113.9');
    expect(clientAddressOf(upgrade('10.0.0.2'), 1)).toBe('10.0.0.2');
  });
});

describe('limitedAddress', () => {
  it('keeps IPv4 addresses, mapped or not', () => {
    expect(limitedAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(limitedAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts IPv6 addresses by their /64', () => {
    const bucket = '2001:db8:aa:1::/64';
    expect(limitedAddress('2001:db8:aa:1::1')).toBe(bucket);
    expect(limitedAddress('2001:0db8:00aa:0001:ffff:1:2:3')).toBe(bucket);
    expect(limitedAddress('2001:db8:aa:1:1234::9%eth0')).toBe(bucket);
    expect(limitedAddress('2001:db8:aa:2::1')).not.toBe(bucket);
    expect(limitedAddress('::1')).toBe('0:0:0:0::/64');
    expect(limitedAddress('fe80::1.2.3.4')).toBe('fe80:0:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    expect(limitedAddress('unknown')).toBe('unknown');
  });
});

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
