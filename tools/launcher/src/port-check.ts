import { createServer } from 'node:net';

/** A port one of our processes will listen on, and the variable that moves it. */
export interface PortClaim {
  variable: string;
  /** As configured; 0 means "any free port" and is never busy. */
  port: number;
  /** The address the process binds (the gateway's HOST, the stand-ins' SANDBOX_HOST). */
  host: string;
}

/** Tries to listen where the process will: this also catches a server bound to another address on the same port. */
function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/**
 * Checks every claim at once and returns one message for all that cannot be met (not a port number, or already in
 * use), naming each port with its variable; undefined when all are free.
 */
export async function findPortProblems(claims: readonly PortClaim[]): Promise<string | undefined> {
  const invalid = claims.filter(({ port }) => !Number.isInteger(port) || port < 0 || port > 65535);
  const candidates = claims.filter((claim) => !invalid.includes(claim) && claim.port !== 0);
  const free = await Promise.all(candidates.map(({ port, host }) => canListen(port, host)));
  const busy = candidates.filter((_, index) => !free[index]);
  const lines = invalid.map(({ variable }) => `${variable} must be a port number from 1 to 65535.`);
  if (busy.length) {
    lines.push(
      `${busy.length === 1 ? 'This port is' : 'These ports are'} already in use (another npm start?):`,
      ...busy.map(({ variable, port }) => `  ${port} (${variable})`),
      `Stop what holds ${busy.length === 1 ? 'it' : 'them'}, or set ${busy.map(({ variable }) => variable).join(', ')} to free ports (in .env or the environment).`,
    );
  }
  return lines.length ? lines.join('\n') : undefined;
}
