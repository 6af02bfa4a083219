import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy between the system and a server (PostgreSQL here) that can hold the server's answers: while held, what
 * the server sends stays unread, as over a stalled network or behind a server that stopped answering; released,
 * everything flows again. Loopback only.
 */
export class HeldProxy {
  private held = false;
  private readonly upstreams = new Set<Socket>();
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(targetPort: number, targetHost = '127.0.0.1'): Promise<HeldProxy> {
    const proxied: { to?: HeldProxy } = {};
    const server = createServer((client) => proxied.to?.pipe(client, targetHost, targetPort));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    proxied.to = new HeldProxy(server, (server.address() as { port: number }).port);
    return proxied.to;
  }

  /** Stops passing the server's answers on (connections stay open). */
  hold(): void {
    this.held = true;
    for (const upstream of this.upstreams) upstream.pause();
  }

  /** Lets everything through again, what waited first. */
  release(): void {
    this.held = false;
    for (const upstream of this.upstreams) upstream.resume();
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private pipe(client: Socket, host: string, port: number): void {
    const upstream = connect(port, host);
    this.sockets.add(client).add(upstream);
    this.upstreams.add(upstream);
    client.pipe(upstream);
    // By hand rather than piped, so nothing but hold() and release() pauses or resumes the server's side.
    upstream.on('data', (chunk) => client.write(chunk));
    if (this.held) upstream.pause();
    const close = () => {
      client.destroy();
      upstream.destroy();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
      this.upstreams.delete(upstream);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  }
}
