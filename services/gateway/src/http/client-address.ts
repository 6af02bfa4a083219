import type { IncomingMessage } from 'node:http';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client's address of a raw request (a WebSocket upgrade, which Express never sees), as Express's `req.ip` reads
 * it under `trust proxy` = `trustedHops`: the connection's peer, then X-Forwarded-For from the right, skipping only
 * the trusted proxies. A client can prepend what it likes to X-Forwarded-For; it cannot change the trusted entries.
 */
export function clientAddressOf(request: IncomingMessage, trustedHops: number): string {
  const forwarded = String(request.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
  const chain = [request.socket.remoteAddress ?? 'unknown', ...forwarded.reverse()];
  return chain[Math.min(trustedHops, chain.length - 1)]!;
}

/** The eight 16-bit groups of an IPv6 address (zone and embedded IPv4 allowed), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted && isIPv4(dotted)) {
    const [a, b, c, d] = dotted.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const groups = [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff) ? groups : undefined;
}

/**
 * Who counts as one client for per-address limits: an IPv4 address as it is (IPv4-mapped IPv6 too), an IPv6 address
 * by its /64, since one subscriber usually holds a whole /64 and could otherwise take a fresh address per request.
 */
export function addressBucket(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return mapped;
  if (!isIPv6(address.split('%')[0]!)) return address;
  const groups = ipv6Groups(address);
  return groups
    ? `${groups
        .slice(0, 4)
        .map((group) => group.toString(16))
        .join(':')}::/64`
    : address;
}
