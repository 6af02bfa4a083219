import { createServer, type Server } from 'node:net';
import { findPortProblems } from './port-check.js';

function listen(host: string): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, host, () => resolve(server));
  });
}
const portOf = (server: Server) => (server.address() as { port: number }).port;

describe('the start-up port check', () => {
  let loopback: Server;
  let everywhere: Server;
  beforeAll(async () => {
    [loopback, everywhere] = await Promise.all([listen('127.0.0.1'), listen('0.0.0.0')]);
  });
  afterAll(() => Promise.all([loopback, everywhere].map((s) => new Promise((r) => s.close(r)))));

  it('lists every busy port at once, each with its variable, whatever address holds it', async () => {
    const message = await findPortProblems([
      { variable: 'PORT', port: portOf(loopback), host: '0.0.0.0' },
      { variable: 'SANDBOX_HTTP_PORT', port: portOf(everywhere), host: '127.0.0.1' },
      { variable: 'SANDBOX_SMTP_PORT', port: 0, host: '127.0.0.1' },
    ]);
    expect(message).toBe(
      [
        'These ports are already in use (another npm start?):',
        `  ${portOf(loopback)} (PORT)`,
        `  ${portOf(everywhere)} (SANDBOX_HTTP_PORT)`,
        'Stop what holds them, or set PORT, SANDBOX_HTTP_PORT to free ports (in .env or the environment).',
      ].join('\n'),
    );
  });

  it('says nothing when the ports are free, and names a variable that is not a port', async () => {
    const free = await listen('127.0.0.1');
    const port = portOf(free);
    await new Promise((r) => free.close(r));
    expect(await findPortProblems([{ variable: 'PORT', port, host: '0.0.0.0' }])).toBeUndefined();
    expect(await findPortProblems([{ variable: 'SANDBOX_SMTP_PORT', port: Number('smtp'), host: '127.0.0.1' }])).toBe(
      'SANDBOX_SMTP_PORT must be a port number from 1 to 65535.',
    );
  });
});
