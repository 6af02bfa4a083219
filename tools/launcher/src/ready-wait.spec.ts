import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startHangLimitMs, waitWhileStarting } from './ready-wait.js';

const never = new Promise<string>(() => {});

describe('waitWhileStarting', () => {
  it('keeps waiting for a process that is alive and slow to start, however long that takes', async () => {
    // A child that answers only after its own slow start (as on a loaded machine): no start-up deadline to miss.
    const child = spawn(process.execPath, [
      '-e',
      `setTimeout(() => require('http').createServer((q, s) => s.end('ok')).listen(0, '127.0.0.1', function () {
         process.stdout.write(String(this.address().port));
       }), 1500)`,
    ]);
    let port: number | undefined;
    child.stdout.on('data', (data) => (port = Number(String(data))));
    const exited = new Promise<string>((resolve) => child.once('exit', (code) => resolve(`exited with code ${code}`)));
    let probes = 0;
    const started = Date.now();
    try {
      await waitWhileStarting({
        what: 'a slow child',
        probe: async () => {
          probes++;
          if (!port) return 'not listening yet';
          return (await fetch(`http://127.0.0.1:${port}/`)).ok ? undefined : 'not ok';
        },
        failed: exited,
        intervalMs: 50,
      });
    } finally {
      child.kill();
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(probes).toBeGreaterThan(5);
  });

  it('fails at once, with the reason, when the process exits during start-up', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => process.exit(3), 200)']);
    const exited = new Promise<string>((resolve) => child.once('exit', (code) => resolve(`exited with code ${code}`)));
    const started = Date.now();
    await expect(
      waitWhileStarting({ what: 'a crashing child', probe: async () => 'never ready', failed: exited, intervalMs: 50 }),
    ).rejects.toThrow('a crashing child failed during start-up: exited with code 3');
    // Not the hang backstop (minutes): the exit itself ended the wait.
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('answers as soon as the process is ready, probing again after a refused connection', async () => {
    const server = createServer((_, response) => response.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    let calls = 0;
    try {
      await waitWhileStarting({
        what: 'a server',
        probe: async () => {
          calls++;
          // The first look fails as a connection to a port not yet open would.
          if (calls === 1) throw new Error('connect ECONNREFUSED');
          return (await fetch(`http://127.0.0.1:${port}/`)).ok ? undefined : 'not ok';
        },
        failed: never,
        intervalMs: 10,
      });
    } finally {
      server.close();
    }
    expect(calls).toBe(2);
  });

  it('ends a wait on a process that never becomes ready only at the hang backstop, saying what it waited for', async () => {
    await expect(
      waitWhileStarting({
        what: 'a hung process',
        probe: async () => 'health answered 503',
        failed: never,
        intervalMs: 10,
        hangLimitMs: 200,
      }),
    ).rejects.toThrow(/a hung process is still running but not ready after 0 s \(health answered 503\)/);
  });

  it('takes the backstop from START_HANG_LIMIT_MS, else ten minutes', () => {
    expect(startHangLimitMs({ START_HANG_LIMIT_MS: '90000' })).toBe(90_000);
    expect(startHangLimitMs({})).toBe(600_000);
    expect(startHangLimitMs({ START_HANG_LIMIT_MS: 'soon' })).toBe(600_000);
  });
});
