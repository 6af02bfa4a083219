import { createServer } from 'node:net';
import { choosablePortRange, freePorts } from './free-port.js';

describe('free ports for a system', () => {
  it('chooses below the kernel ephemeral range, where outgoing connections never take a chosen port', () => {
    expect(choosablePortRange('32768\t60999\n')).toEqual([10_000, 32_768]);
    expect(choosablePortRange('40000 60999')).toEqual([10_000, 40_000]);
    // A range starting too low to leave room below it: the usual default instead.
    expect(choosablePortRange('1024 65535')).toEqual([10_000, 32_768]);
  });

  it('gives each name a different port that can be listened on', async () => {
    const names = Array.from({ length: 30 }, (_, index) => `p${index}`);
    const ports = await freePorts(names);
    const [start, end] = choosablePortRange();
    expect(new Set(Object.values(ports)).size).toBe(30);
    for (const port of Object.values(ports)) {
      expect(port).toBeGreaterThanOrEqual(start);
      expect(port).toBeLessThan(end);
      const server = createServer();
      await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
