import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';

/**
 * Where the chosen ports come from: below the kernel's ephemeral range. A port the kernel handed out for `listen(0)`
 * comes from that range, and so does the local port of every outgoing connection: on a busy machine one of those
 * can take a chosen port in the seconds before its process listens (EADDRINUSE). Below the range only another
 * listener can, and they are spread over thousands of ports.
 */
export function choosablePortRange(
  ephemeral = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8'),
): [number, number] {
  const lowest = Number(ephemeral.trim().split(/\s+/)[0]);
  const end = Number.isInteger(lowest) && lowest > 12_000 ? lowest : 32_768;
  return [10_000, end];
}

function rangeOrDefault(): [number, number] {
  try {
    return choosablePortRange();
  } catch {
    return [10_000, 32_768];
  }
}

function listenOn(port: number): Promise<Server | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** Holds a free port of the range, chosen at random, until released. */
async function holdFreePort([start, end]: [number, number]): Promise<Server> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const server = await listenOn(start + Math.floor(Math.random() * (end - start)));
    if (server) return server;
  }
  throw new Error(`no free port between ${start} and ${end} after 200 tries`);
}

function portOf(server: Server): number {
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  const [port] = Object.values(await freePorts(['port']));
  return port!;
}

/** A different free loopback port for each name: all are held until every one is found, so none repeats. */
export async function freePorts(names: readonly string[]): Promise<Record<string, number>> {
  const range = rangeOrDefault();
  const servers: Server[] = [];
  for (const _ of names) servers.push(await holdFreePort(range));
  const ports = Object.fromEntries(names.map((name, index) => [name, portOf(servers[index]!)]));
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}
