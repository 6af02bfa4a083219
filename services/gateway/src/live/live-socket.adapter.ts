import type { INestApplicationContext } from '@nestjs/common';
import { WsAdapter } from '@nestjs/platform-ws';
import type { Logger } from 'pino';
import type { WebSocket, WebSocketServer } from 'ws';

/**
 * Nest's ws adapter with one change: what one browser's socket gets wrong (a frame over the size
 * limit, a malformed frame) is a warning, not an error. Anyone can cause it, and it ends only that
 * socket; the server's own failures stay errors.
 */
export class LiveSocketAdapter extends WsAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly log: Logger,
  ) {
    super(app);
  }

  override bindErrorHandler(server: WebSocketServer): WebSocketServer {
    server.on('connection', (ws: WebSocket) =>
      ws.on('error', (error) => this.log.warn({ err: error }, 'live socket closed after a client error')),
    );
    server.on('error', (error) => this.log.error({ err: error }, 'live socket server failed'));
    return server;
  }
}
