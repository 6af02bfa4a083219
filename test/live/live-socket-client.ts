import { WebSocket } from 'ws';
import type { HttpClient } from '../support/http-client.js';

export interface LiveSocketClient {
  socket: WebSocket;
  /** Every JSON message received so far, in order. */
  messages: Array<Record<string, unknown>>;
  /** Resolves with the close code once the server (or the client) closed the socket. */
  closed: Promise<number>;
}

/** Opens `/ws` on `gatewayUrl` as a browser of `user` would (its session cookie), or anonymously. */
export async function openLiveSocket(gatewayUrl: string, user?: HttpClient): Promise<LiveSocketClient> {
  const cookie = user ? [...user.cookies].map(([name, value]) => `${name}=${value}`).join('; ') : undefined;
  const socket = new WebSocket(`${gatewayUrl.replace(/^http/, 'ws')}/ws`, cookie ? { headers: { cookie } } : {});
  const messages: Array<Record<string, unknown>> = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as Record<string, unknown>));
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return { socket, messages, closed };
}
