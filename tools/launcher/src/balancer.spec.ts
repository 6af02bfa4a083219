import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import type { Duplex } from 'node:stream';
import { startBalancer, type Balancer } from './balancer.js';
import { freePorts } from './isolated/free-port.js';

/** Upgraded connections are no longer the server's to close. */
const upgraded = new Set<Duplex>();

/** A stand-in gateway: says who it is and what it was told, and answers WebSocket-style upgrades with 101. */
function fakeGateway(name: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          name,
          forwardedFor: req.headers['x-forwarded-for'],
          forwardedProto: req.headers['x-forwarded-proto'],
          body,
        }),
      ),
    );
  });
  server.on('upgrade', (req, socket) => {
    upgraded.add(socket);
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nx-served-by: ${name}\r\n\r\n`);
    socket.on('data', (data) => socket.write(`${name} heard ${String(data)}`));
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

describe('the local balancer in front of several gateways', () => {
  let ports: Record<string, number>;
  let balancer: Balancer | undefined;
  const servers: Server[] = [];

  beforeEach(async () => {
    ports = await freePorts(['balancer', 'a', 'b']);
  });
  afterEach(async () => {
    await balancer?.close();
    for (const socket of upgraded) socket.destroy();
    upgraded.clear();
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  const start = async () => {
    balancer = await startBalancer({
      port: ports.balancer!,
      host: '127.0.0.1',
      upstreams: [`http://127.0.0.1:${ports.a}`, `http://127.0.0.1:${ports.b}`],
    });
  };
  const ask = async (init: RequestInit = {}) => {
    const response = await fetch(`http://127.0.0.1:${ports.balancer}/api/thing`, init);
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  };

  it('takes turns between the gateways, passing the body and the client address on', async () => {
    servers.push(await fakeGateway('a', ports.a!), await fakeGateway('b', ports.b!));
    await start();
    const names = [];
    for (let i = 0; i < 4; i++) names.push((await ask()).body.name);
    expect(names).toEqual(['a', 'b', 'a', 'b']);
    const posted = await ask({
      method: 'POST',
      body: 'hello',
      headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' },
    });
    // What the client claimed stays in front; the hop's own view is appended, and it is plain http.
    expect(posted.body).toMatchObject({
      body: 'hello',
      forwardedFor: '203.0.113.9, 127.0.0.1',
      forwardedProto: 'http',
    });
  });

  it('skips a gateway that is not there, and answers 503 at once when none is', async () => {
    servers.push(await fakeGateway('b', ports.b!));
    await start();
    const names = [];
    for (let i = 0; i < 3; i++) names.push((await ask()).body.name);
    expect(names).toEqual(['b', 'b', 'b']);
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const started = Date.now();
    const none = await ask();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(none).toEqual({
      status: 503,
      body: { code: 'SERVICE_UNAVAILABLE', message: 'No gateway is running right now. Please try again in a moment.' },
    });
  });

  it('carries a WebSocket upgrade through to one gateway, both ways', async () => {
    servers.push(await fakeGateway('a', ports.a!), await fakeGateway('b', ports.b!));
    await start();
    const socket = connect(ports.balancer!, '127.0.0.1');
    let received = '';
    socket.on('data', (data) => (received += String(data)));
    /** Resolves once what has arrived matches, however slowly a busy machine passes it on. */
    const arrived = async (pattern: RegExp) => {
      while (!pattern.test(received)) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    socket.write(`GET /ws HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n`);
    await arrived(/\r\n\r\n/);
    socket.write('ping');
    await arrived(/heard ping$/);
    socket.destroy();
    expect(received).toMatch(/^HTTP\/1.1 101 Switching Protocols/);
    expect(received).toMatch(/x-served-by: a[\s\S]*a heard ping$/);
  });
});
