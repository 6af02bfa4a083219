import { Agent, get, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeHttpServer } from './close-http-server.js';

describe('closeHttpServer', () => {
  it('finishes the request under way, refuses new connections, and does not wait for keep-alive', async () => {
    const server = createServer((_req, res) => setTimeout(() => res.end('answered'), 200));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true });
    const answer = new Promise<string>((resolve, reject) => {
      get({ port, host: '127.0.0.1', agent }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve(body));
      }).on('error', reject);
    });
    await new Promise((r) => setTimeout(r, 50));

    const started = Date.now();
    const closed = closeHttpServer(server);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    await expect(answer).resolves.toBe('answered');
    await closed;
    // Node alone would hold the kept-alive connection for its 5 s timeout.
    expect(Date.now() - started).toBeLessThan(1000);
    agent.destroy();
  });
});
