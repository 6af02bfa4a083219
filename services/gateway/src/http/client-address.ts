import type { IncomingMessage } from 'node:http';
import { isIPv6 } from 'node:net';

/**
 * The address a per-address limit counts: an IPv4 address as it is, an IPv6 client by its /64 prefix. One
 * subscriber, home or cloud machine is usually given a whole /64, so counting single IPv6 addresses would hand every
 * client 2^64 fresh budgets. An IPv4 address mapped into IPv6 (`::ffff:192.0.2.1`) counts as the IPv4 address.
 */
export function limitedAddress(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, `::` expanded, without leading zeros (a zone `%eth0` dropped). */
function expandIPv6(ip: string): string[] {
  const [head = '', tail] = ip.split('%')[0]!.toLowerCase().split('::') as [string, string | undefined];
  const groups = (part: string) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  // An IPv4 tail (`::ffff:1.2.3.4`, `64:ff9b::1.2.3.4`) takes two groups; only the first four matter here.
  const missing = 8 - left.length - right.length;
  const middle = tail === undefined ? [] : Array<string>(Math.max(0, missing)).fill('0');
  return [...left, ...middle, ...right].map((group) =>
    /^[0-9a-f]+$/.test(group) ? parseInt(group, 16).toString(16) : group,
  );
}

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
