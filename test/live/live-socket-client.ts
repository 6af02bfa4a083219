import { WebSocket } from 'ws';
import type { HttpClient } from '../support/http-client.js';

export interface LiveSocketClient {
  socket: WebSocket;
  /** Every JSON message received so far, in order. */
  messages: Array<Record<string, unknown>>;
  /** Resolves with the close code once the server (or the client) closed the socket. */
  closed: Promise<number>;
}

/**
 * Opens `/ws` on `gatewayUrl` as a browser of `user` would (its session cookie), or anonymously; from `ip` (or the
 * user's address) as a trusted proxy would say, which counts where the gateway trusts one.
 */
export async function openLiveSocket(gatewayUrl: string, user?: HttpClient, ip = user?.ip): Promise<LiveSocketClient> {
  const cookie = user ? [...user.cookies].map(([name, value]) => `${name}=${value}`).join('; ') : undefined;
  const headers = { ...(cookie ? { cookie } : {}), ...(ip ? { 'x-forwarded-for': ip } : {}) };
  const socket = new WebSocket(`${gatewayUrl.replace(/^http/, 'ws')}/ws`, { headers });
  const messages: Array<Record<string, unknown>> = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as Record<string, unknown>));
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return { socket, messages, closed };
}

/** The socket's close code once it closed, or 'open' if it is still open after `ms`. */
export function closedWithin(live: LiveSocketClient, ms: number): Promise<number | 'open'> {
  return Promise.race([live.closed, new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms))]);
}
