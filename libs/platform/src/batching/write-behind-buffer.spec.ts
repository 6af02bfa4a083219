import { jest } from '@jest/globals';
import { pino } from 'pino';
import { metricsRegistry } from '../metrics/metrics-registry.js';
import { WriteBehindBuffer, type WriteBehindBufferOptions } from './write-behind-buffer.js';

const silent = pino({ level: 'silent' });

/** A buffer whose writes are recorded, and can be held open until `release` is called. */
function bufferOf(options: Partial<WriteBehindBufferOptions<number>> = {}) {
  const batches: number[][] = [];
  let hold: Promise<void> | undefined;
  let release = () => undefined as void;
  const buffer = new WriteBehindBuffer<number>({
    name: `test-${Math.random().toString(36).slice(2)}`,
    flushAfterMs: 50,
    batchSize: 3,
    capacity: 6,
    logger: silent,
    write: async (items) => {
      await hold;
      batches.push(items);
    },
    ...options,
  });
  return {
    buffer,
    batches,
    holdWrites() {
      hold = new Promise((resolve) => (release = () => resolve()));
    },
    release: () => release(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

async function droppedOf(name: string): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric('batch_items_dropped_total')!.get();
  return metric.values.find((value) => value.labels.buffer === name)?.value ?? 0;
}

describe('WriteBehindBuffer', () => {
  afterEach(() => jest.useRealTimers());

  it('writes a batch as soon as it is full, without waiting for the timer', async () => {
    const { buffer, batches } = bufferOf({ flushAfterMs: 60_000 });
    for (const item of [1, 2, 3, 4]) buffer.add(item);
    await tick();
    expect(batches).toEqual([[1, 2, 3]]);
    expect(buffer.size).toBe(1);
    await buffer.close();
  });

  it('writes a partial batch once the wait has passed since its first item', async () => {
    jest.useFakeTimers();
    const { buffer, batches } = bufferOf({ flushAfterMs: 200 });
    buffer.add(1);
    jest.advanceTimersByTime(150);
    buffer.add(2);
    await Promise.resolve();
    expect(batches).toEqual([]);
    jest.advanceTimersByTime(50);
    jest.useRealTimers();
    await tick();
    expect(batches).toEqual([[1, 2]]);
  });

  it('writes one batch at a time, and the next when the one under way ends', async () => {
    const { buffer, batches, holdWrites, release } = bufferOf({ flushAfterMs: 60_000 });
    holdWrites();
    for (const item of [1, 2, 3, 4, 5, 6]) buffer.add(item);
    await tick();
    expect(batches).toEqual([]);
    expect(buffer.size).toBe(3);
    release();
    await buffer.flush();
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
  });

  it('holds at most its capacity while the writer is stalled, dropping the oldest and counting them', async () => {
    const { buffer, batches, holdWrites, release } = bufferOf({ name: 'test-bound', flushAfterMs: 60_000 });
    holdWrites();
    // 1-3 are being written; 4-12 wait, but only 6 fit: 4, 5 and 6 go.
    for (let item = 1; item <= 12; item++) buffer.add(item);
    expect(buffer.size).toBe(6);
    expect(await droppedOf('test-bound')).toBe(3);
    release();
    await buffer.close();
    expect(batches.flat()).toEqual([1, 2, 3, 7, 8, 9, 10, 11, 12]);
  });

  it('writes everything it holds on close, a write under way included, and takes nothing after', async () => {
    const { buffer, batches, holdWrites, release } = bufferOf({ flushAfterMs: 60_000 });
    holdWrites();
    for (const item of [1, 2, 3, 4, 5]) buffer.add(item);
    const closing = buffer.close();
    release();
    await closing;
    expect(batches.flat()).toEqual([1, 2, 3, 4, 5]);
    expect(() => buffer.add(6)).toThrow(/closed/);
  });

  it('loses a batch whose write fails, and goes on with the next', async () => {
    let calls = 0;
    const written: number[][] = [];
    const buffer = new WriteBehindBuffer<number>({
      name: 'test-failing',
      flushAfterMs: 60_000,
      batchSize: 2,
      capacity: 4,
      logger: silent,
      write: async (items) => {
        if (calls++ === 0) throw new Error('database gone');
        written.push(items);
      },
    });
    for (const item of [1, 2, 3, 4]) buffer.add(item);
    await buffer.close();
    expect(written).toEqual([[3, 4]]);
  });
});
