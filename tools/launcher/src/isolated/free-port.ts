import { createServer, type Server } from 'node:net';

function listenOnAnyPort(): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

function portOf(server: Server): number {
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

/** Asks the kernel for a free TCP port on loopback. */
export async function freePort(): Promise<number> {
  const [port] = Object.values(await freePorts(['port']));
  return port!;
}

/** A different free loopback port for each name: all are held until every one is found, so none repeats. */
export async function freePorts(names: readonly string[]): Promise<Record<string, number>> {
  const servers = await Promise.all(names.map(() => listenOnAnyPort()));
  const ports = Object.fromEntries(names.map((name, index) => [name, portOf(servers[index]!)]));
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}
