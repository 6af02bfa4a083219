import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { WebSocketServer, type WebSocket } from 'ws';
import { LIVE_SOCKET_PATH, type LiveMessage } from '@medical-qr/contracts';
import { LOGGER } from '@medical-qr/platform';

const HEARTBEAT_MS = 30_000;

/**
 * The `/ws` endpoint: JSON messages pushed to the browser. Clients are grouped by a key (the
 * signed-in user, once sessions exist) so a message reaches every tab of that user on this replica.
 */
@Injectable()
export class LiveSocketServer implements OnApplicationShutdown {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 });
  private readonly clientsByKey = new Map<string, Set<WebSocket>>();
  private heartbeat?: NodeJS.Timeout;

  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  attach(
    server: HttpServer,
    keyFor: (request: IncomingMessage) => Promise<string | undefined> = async () => undefined,
  ) {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      if (path !== LIVE_SOCKET_PATH) {
        socket.destroy();
        return;
      }
      this.wss.handleUpgrade(request, socket, head, (ws) => {
        void keyFor(request).then((key) => this.register(ws, key ?? 'anonymous'));
      });
    });
    this.heartbeat = setInterval(() => this.pingAll(), HEARTBEAT_MS);
  }

  /** Sends a message to every socket registered under `key` on this replica. Returns how many got it. */
  send(key: string, message: LiveMessage): number {
    const sockets = this.clientsByKey.get(key);
    if (!sockets) return 0;
    const data = JSON.stringify(message);
    for (const ws of sockets) ws.send(data);
    return sockets.size;
  }

  onApplicationShutdown() {
    clearInterval(this.heartbeat);
    for (const ws of this.wss.clients) ws.close(1001, 'server shutting down');
    this.wss.close();
  }

  private register(ws: WebSocket, key: string) {
    const alive = ws as WebSocket & { isAlive?: boolean };
    alive.isAlive = true;
    ws.on('pong', () => (alive.isAlive = true));
    ws.on('message', () => undefined); // the socket is server-to-client; incoming data is ignored
    ws.on('error', (error) => this.logger.warn({ err: error }, 'live socket error'));
    const sockets = this.clientsByKey.get(key) ?? new Set();
    sockets.add(ws);
    this.clientsByKey.set(key, sockets);
    ws.on('close', () => {
      sockets.delete(ws);
      if (sockets.size === 0) this.clientsByKey.delete(key);
    });
  }

  private pingAll() {
    for (const ws of this.wss.clients) {
      const alive = ws as WebSocket & { isAlive?: boolean };
      if (alive.isAlive === false) {
        ws.terminate();
        continue;
      }
      alive.isAlive = false;
      ws.ping();
    }
  }
}
