import { Writable } from 'node:stream';
import { createLogger } from '../logging/logger.js';
import { gracefulShutdown } from './graceful-shutdown.js';

function recordingLogger() {
  const lines: Array<{ level: number; msg: string }> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  return { logger: createLogger('test', 'info', destination), lines };
}

describe('gracefulShutdown', () => {
  it('runs the stop sequence once, however often it is asked, then exits with 0', async () => {
    const { logger } = recordingLogger();
    const exits: number[] = [];
    let stops = 0;
    const shutdown = gracefulShutdown({
      logger,
      timeoutMs: 1000,
      stop: async () => {
        stops++;
        await new Promise((r) => setTimeout(r, 20));
      },
      exit: (code) => exits.push(code),
    });
    await Promise.all([shutdown('SIGTERM'), shutdown('SIGINT'), shutdown('SIGTERM')]);
    expect(stops).toBe(1);
    expect(exits).toEqual([0]);
  });

  it('logs and exits with 1 when the sequence outlasts SHUTDOWN_TIMEOUT_MS', async () => {
    const { logger, lines } = recordingLogger();
    const exits: number[] = [];
    let release = () => undefined as void;
    const shutdown = gracefulShutdown({
      logger,
      timeoutMs: 50,
      stop: () => new Promise<void>((resolve) => (release = resolve)),
      exit: (code) => exits.push(code),
    });
    const done = shutdown('SIGTERM');
    await new Promise((r) => setTimeout(r, 120));
    expect(exits).toEqual([1]);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 50, msg: expect.stringContaining('did not finish within 50 ms') }),
    );
    release();
    await done;
  });

  it('exits with 1 when a step fails', async () => {
    const { logger, lines } = recordingLogger();
    const exits: number[] = [];
    await gracefulShutdown({
      logger,
      timeoutMs: 1000,
      stop: () => Promise.reject(new Error('pool would not end')),
      exit: (code) => exits.push(code),
    })('SIGTERM');
    expect(exits).toEqual([1]);
    expect(lines).toContainEqual(expect.objectContaining({ level: 50, msg: 'shutdown failed' }));
  });
});
