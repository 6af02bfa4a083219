import { type BeforeApplicationShutdown, Inject } from '@nestjs/common';
import {
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
  WebSocketGateway,
} from '@nestjs/websockets';
import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { WebSocket, type ServerOptions, type WebSocketServer } from 'ws';
import { LIVE_SESSION_ENDED_CLOSE, LIVE_SOCKET_PATH, type LiveMessage } from '@medical-qr/contracts';
import { LOGGER } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { clientAddressOf, limitedAddress } from '../http/client-address.js';
import { SessionService } from '../session/session.service.js';
import { SessionStore } from '../session/session.store.js';
import { GATEWAY_CONFIG } from '../tokens.js';

const HEARTBEAT_MS = 30_000;
/** The socket is server-to-client: a browser never needs to send more than a control frame. */
const MAX_PAYLOAD_BYTES = 4 * 1024;
/** How long shutdown waits for browsers to answer "going away" before the adapter cuts the rest. */
const CLOSE_GRACE_MS = 1000;
const ANONYMOUS = 'anonymous';
/** Open sockets one address may hold (IPv6 counted by /64): a household's tabs, not a flood. */
export const MAX_SOCKETS_PER_ADDRESS = 20;
/** Close codes: the socket's session ended (sign-out, expiry, reset, erasure); too many sockets from its address. */
export const SESSION_ENDED_CLOSE = LIVE_SESSION_ENDED_CLOSE;
export const TOO_MANY_SOCKETS_CLOSE = 1008;

/**
 * The `/ws` endpoint (on the HTTP server's port, through the ws adapter; upgrades to any other
 * path are destroyed by the adapter): JSON messages pushed to the browser. Clients are grouped by
 * the signed-in user of the session cookie, so a message reaches every tab of that user on this
 * replica; sockets without a session share the anonymous group. Incoming data is ignored. A socket lives no longer
 * than its session (endSessions, and the heartbeat's check), and one address holds at most MAX_SOCKETS_PER_ADDRESS.
 */
@WebSocketGateway<ServerOptions>({ path: LIVE_SOCKET_PATH, maxPayload: MAX_PAYLOAD_BYTES })
export class LiveSocketGateway
  implements
    OnGatewayInit<WebSocketServer>,
    OnGatewayConnection<WebSocket>,
    OnGatewayDisconnect<WebSocket>,
    BeforeApplicationShutdown
{
  private server?: WebSocketServer;
  private readonly clientsByKey = new Map<string, Set<WebSocket>>();
  private readonly keyOf = new WeakMap<WebSocket, string>();
  private readonly socketsBySession = new Map<string, Set<WebSocket>>();
  private readonly sessionOf = new WeakMap<WebSocket, string>();
  private readonly socketsPerAddress = new Map<string, number>();
  /** Sockets pinged by the last heartbeat that have not answered yet. */
  private readonly awaitingPong = new WeakSet<WebSocket>();
  private heartbeat?: NodeJS.Timeout;

  constructor(
    private readonly sessions: SessionService,
    private readonly store: SessionStore,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  afterInit(server: WebSocketServer) {
    this.server = server;
    this.heartbeat = setInterval(() => this.pingAll(), HEARTBEAT_MS);
  }

  async handleConnection(ws: WebSocket, request: IncomingMessage) {
    if (!this.admit(ws, limitedAddress(clientAddressOf(request, this.config.TRUST_PROXY_HOPS)))) return;
    ws.on('pong', () => this.awaitingPong.delete(ws));
    let key: string;
    let sessionId: string | undefined;
    try {
      const session = await this.sessions.fromRawRequest(request);
      key = session?.data.userId ?? ANONYMOUS;
      sessionId = session?.id;
    } catch (error) {
      // Filed as anonymous, the tab would miss its user's messages until it reconnected; make it reconnect now.
      this.logger.warn({ err: error }, 'live socket closed: its session could not be read');
      ws.close(1011, 'try again later');
      return;
    }
    if (ws.readyState !== WebSocket.OPEN) return; // the browser left while its session was read
    this.keyOf.set(ws, key);
    addTo(this.clientsByKey, key, ws);
    if (sessionId) {
      this.sessionOf.set(ws, sessionId);
      addTo(this.socketsBySession, sessionId, ws);
    }
  }

  handleDisconnect(ws: WebSocket) {
    this.forget(ws);
  }

  /** Closes the sockets of these sessions on this replica (they ended: sign-out, reset, erasure, expiry). */
  endSessions(sessionIds: readonly string[]) {
    for (const id of sessionIds) {
      for (const ws of this.socketsBySession.get(id) ?? []) {
        this.forget(ws); // no message reaches it while it closes
        ws.close(SESSION_ENDED_CLOSE, 'session ended');
      }
    }
  }

  /** Counts the socket against its address, or closes it when the address already holds the most it may. */
  private admit(ws: WebSocket, address: string): boolean {
    const open = this.socketsPerAddress.get(address) ?? 0;
    if (open >= MAX_SOCKETS_PER_ADDRESS) {
      ws.close(TOO_MANY_SOCKETS_CLOSE, 'too many live sockets from this address');
      return false;
    }
    this.socketsPerAddress.set(address, open + 1);
    ws.once('close', () => {
      const left = (this.socketsPerAddress.get(address) ?? 1) - 1;
      if (left > 0) this.socketsPerAddress.set(address, left);
      else this.socketsPerAddress.delete(address);
    });
    return true;
  }

  private forget(ws: WebSocket) {
    removeFrom(this.clientsByKey, this.keyOf.get(ws), ws);
    removeFrom(this.socketsBySession, this.sessionOf.get(ws), ws);
    this.keyOf.delete(ws);
    this.sessionOf.delete(ws);
  }

  /** Ends the sockets whose sessions expired or ended while this replica missed the news. */
  private async closeExpired() {
    const ids = [...this.socketsBySession.keys()];
    try {
      const alive = await this.store.alive(ids);
      this.endSessions(ids.filter((id) => !alive.has(id)));
    } catch (error) {
      this.logger.warn({ err: error }, 'live sockets: could not check their sessions');
    }
  }

  /** Sends a message to every socket registered under `key` (a user id) on this replica. Returns how many got it. */
  send(key: string, message: LiveMessage): number {
    const sockets = this.clientsByKey.get(key);
    if (!sockets) return 0;
    const data = JSON.stringify(message);
    for (const ws of sockets) ws.send(data);
    return sockets.size;
  }

  /** Says "going away" (1001) to every browser, so it reconnects to another replica, before the adapter closes. */
  async beforeApplicationShutdown() {
    clearInterval(this.heartbeat);
    const open = [...(this.server?.clients ?? [])].filter((ws) => ws.readyState === WebSocket.OPEN);
    const closed = open.map(
      (ws) =>
        new Promise<void>((resolve) => {
          ws.once('close', () => resolve());
          ws.close(1001, 'server shutting down');
        }),
    );
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(closed), new Promise((resolve) => (grace = setTimeout(resolve, CLOSE_GRACE_MS)))]);
    clearTimeout(grace);
  }

  /** Ends sockets that did not answer the previous ping (a vanished network) or whose session is over; pings the rest. */
  private pingAll() {
    void this.closeExpired();
    for (const ws of this.server?.clients ?? []) {
      if (this.awaitingPong.has(ws)) {
        ws.terminate();
        continue;
      }
      this.awaitingPong.add(ws);
      ws.ping();
    }
  }
}

function addTo(groups: Map<string, Set<WebSocket>>, key: string, ws: WebSocket) {
  const sockets = groups.get(key) ?? new Set();
  sockets.add(ws);
  groups.set(key, sockets);
}

function removeFrom(groups: Map<string, Set<WebSocket>>, key: string | undefined, ws: WebSocket) {
  const sockets = key === undefined ? undefined : groups.get(key);
  if (!sockets) return;
  sockets.delete(ws);
  if (sockets.size === 0) groups.delete(key!);
}
