import type { Server } from 'node:http';

/** How often connections that finished their request are closed while the server drains. */
const IDLE_SWEEP_MS = 100;

/**
 * Stops accepting connections and resolves once every request under way has been answered. Node
 * closes only the connections idle at the moment of close(); a keep-alive connection whose response
 * ends later would hold the server open until its keep-alive timeout, so idle ones are swept.
 */
export function closeHttpServer(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    server.close(() => {
      clearInterval(sweep);
      resolve();
    });
  });
}
