import { createServer, request, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';

export interface BalancerOptions {
  port: number;
  host: string;
  /** The gateways, e.g. http://127.0.0.1:41001. */
  upstreams: string[];
}

export interface Balancer {
  close(): Promise<void>;
}

/** Bodies are held until a gateway takes them, so a refused connection can go to the next one. */
const MAX_BODY_BYTES = 20 * 1024 * 1024;
const NO_GATEWAY = JSON.stringify({
  code: 'SERVICE_UNAVAILABLE',
  message: 'No gateway is running right now. Please try again in a moment.',
});

/** The client's address appended to what earlier proxies said; the gateway trusts exactly this one hop. */
function forwardedHeaders(req: IncomingMessage): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = { ...req.headers };
  const earlier = req.headers['x-forwarded-for'];
  const client = req.socket.remoteAddress ?? '';
  headers['x-forwarded-for'] = earlier ? `${String(earlier)}, ${client}` : client;
  // This hop is plain HTTP; a client must not be able to claim otherwise.
  headers['x-forwarded-proto'] = 'http';
  delete headers['x-forwarded-host'];
  return headers;
}

async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const refused = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ECONNREFUSED';

/**
 * The local stand-in for a cloud load balancer in front of several gateways (`npm start -- --replicas
 * 2`): round robin over the gateways, HTTP and WebSocket upgrades alike. A gateway that refuses the
 * connection (stopped, restarting) is skipped; only when every one refuses does the client get 503 at
 * once, never a hang. A request a gateway took and then lost is answered 502 and is the client's to
 * retry, as with any load balancer: it may have had an effect.
 */
export function startBalancer(options: BalancerOptions): Promise<Balancer> {
  const upstreams = options.upstreams.map((url) => new URL(url));
  let next = 0;
  /** Upgraded connections are no longer the server's: closing the balancer ends them itself. */
  const tunnels = new Set<Duplex>();
  /** The gateways in the order this request tries them: the next in turn first. */
  const rotation = () => {
    const start = next++ % upstreams.length;
    return [...upstreams.slice(start), ...upstreams.slice(0, start)];
  };

  const proxyHttp = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    if (body === undefined) {
      res
        .writeHead(413, { 'content-type': 'application/json' })
        .end(JSON.stringify({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' }));
      return;
    }
    for (const upstream of rotation()) {
      const outcome = await new Promise<'done' | 'refused'>((resolve) => {
        const forward = request(
          {
            host: upstream.hostname,
            port: upstream.port,
            method: req.method,
            path: req.url,
            headers: forwardedHeaders(req),
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
            answer.pipe(res);
            answer.once('end', () => resolve('done'));
            answer.once('error', () => (res.destroy(), resolve('done')));
          },
        );
        forward.once('error', (error) => {
          if (refused(error)) return resolve('refused');
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ code: 'BAD_GATEWAY', message: 'The gateway stopped answering. Please try again.' }));
          resolve('done');
        });
        forward.end(body);
      });
      if (outcome === 'done') return;
    }
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' }).end(NO_GATEWAY);
  };

  const proxyUpgrade = async (req: IncomingMessage, client: Duplex, head: Buffer) => {
    client.on('error', () => client.destroy());
    for (const upstream of rotation()) {
      const socket = await new Promise<Socket | undefined>((resolve) => {
        const attempt = connect(Number(upstream.port), upstream.hostname);
        attempt.once('connect', () => resolve(attempt));
        attempt.once('error', () => resolve(undefined));
      });
      if (!socket) continue;
      const headers = forwardedHeaders(req);
      const lines = Object.entries(headers).flatMap(([name, value]) =>
        (Array.isArray(value) ? value : [value]).map((item) => `${name}: ${String(item)}`),
      );
      socket.write(`${req.method} ${req.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) socket.write(head);
      socket.on('error', () => client.destroy());
      client.on('close', () => socket.destroy());
      socket.on('close', () => client.destroy());
      tunnels.add(client);
      client.once('close', () => tunnels.delete(client));
      socket.pipe(client).pipe(socket);
      return;
    }
    client.end(
      `HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n${NO_GATEWAY}`,
    );
  };

  const server = createServer((req, res) => void proxyHttp(req, res));
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => void proxyUpgrade(req, socket, head));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () =>
      resolve({
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            for (const tunnel of tunnels) tunnel.destroy();
            server.close(() => done());
          }),
      }),
    );
  });
}
