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
import { LIVE_SOCKET_PATH, type LiveMessage } from '@medical-qr/contracts';
import { LOGGER } from '@medical-qr/platform';
import { SessionService } from '../session/session.service.js';

const HEARTBEAT_MS = 30_000;
/** The socket is server-to-client: a browser never needs to send more than a control frame. */
const MAX_PAYLOAD_BYTES = 4 * 1024;
/** How long shutdown waits for browsers to answer "going away" before the adapter cuts the rest. */
const CLOSE_GRACE_MS = 1000;
const ANONYMOUS = 'anonymous';

/**
 * The `/ws` endpoint (on the HTTP server's port, through the ws adapter; upgrades to any other
 * path are destroyed by the adapter): JSON messages pushed to the browser. Clients are grouped by
 * the signed-in user of the session cookie, so a message reaches every tab of that user on this
 * replica; sockets without a session share the anonymous group. Incoming data is ignored.
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
  /** Sockets pinged by the last heartbeat that have not answered yet. */
  private readonly awaitingPong = new WeakSet<WebSocket>();
  private heartbeat?: NodeJS.Timeout;

  constructor(
    private readonly sessions: SessionService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  afterInit(server: WebSocketServer) {
    this.server = server;
    this.heartbeat = setInterval(() => this.pingAll(), HEARTBEAT_MS);
  }

  async handleConnection(ws: WebSocket, request: IncomingMessage) {
    ws.on('pong', () => this.awaitingPong.delete(ws));
    let key: string;
    try {
      key = (await this.sessions.fromRawRequest(request))?.data.userId ?? ANONYMOUS;
    } catch (error) {
      // Filed as anonymous, the tab would miss its user's messages until it reconnected; make it reconnect now.
      this.logger.warn({ err: error }, 'live socket closed: its session could not be read');
      ws.close(1011, 'try again later');
      return;
    }
    if (ws.readyState !== WebSocket.OPEN) return; // the browser left while its session was read
    this.keyOf.set(ws, key);
    const sockets = this.clientsByKey.get(key) ?? new Set();
    sockets.add(ws);
    this.clientsByKey.set(key, sockets);
  }

  handleDisconnect(ws: WebSocket) {
    const key = this.keyOf.get(ws);
    const sockets = key === undefined ? undefined : this.clientsByKey.get(key);
    if (!sockets) return;
    sockets.delete(ws);
    if (sockets.size === 0) this.clientsByKey.delete(key!);
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

  /** Ends sockets that did not answer the previous ping (a vanished network), and pings the rest. */
  private pingAll() {
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
