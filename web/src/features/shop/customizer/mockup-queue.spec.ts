import { jest } from '@jest/globals';
import type { MockupRequest } from '../catalog-api';
import { createMockupQueue, type MockupOutcome } from './mockup-queue';

const request = (variantId: number, scale = 0.5): MockupRequest => ({
  blueprintId: 1308,
  printProviderId: 7,
  variantId,
  scale,
});

/** A generator whose answers the test gives by hand, in any order. */
function manualGenerator() {
  const calls: Array<{ request: MockupRequest; answer: (result: string) => void; refuse: (error: unknown) => void }> =
    [];
  const generate = (sent: MockupRequest) =>
    new Promise<string>((answer, refuse) => {
      calls.push({ request: sent, answer, refuse });
    });
  return { calls, generate };
}

function queueWith(generator: ReturnType<typeof manualGenerator>) {
  const settled: Array<MockupOutcome<string>> = [];
  const busy: boolean[] = [];
  const queue = createMockupQueue<string>({
    generate: generator.generate,
    onSettled: (outcome) => settled.push(outcome),
    onBusyChange: (value) => busy.push(value),
    pauseMs: 2000,
  });
  return { queue, settled, busy };
}

const flush = () => jest.advanceTimersByTimeAsync(0);

describe('the mockup queue', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs one request at a time and keeps only the newest waiting one', async () => {
    const generator = manualGenerator();
    const { queue, settled } = queueWith(generator);

    queue.now(request(1));
    queue.now(request(2));
    queue.now(request(3));
    expect(generator.calls.map((call) => call.request.variantId)).toEqual([1]);

    generator.calls[0]!.answer('mockup of 1');
    await flush();
    // Variant 2 was overtaken by 3 before it was sent; 1's result is stale and not shown.
    expect(generator.calls.map((call) => call.request.variantId)).toEqual([1, 3]);
    expect(settled).toEqual([]);

    generator.calls[1]!.answer('mockup of 3');
    await flush();
    expect(settled).toEqual([{ request: request(3), result: 'mockup of 3' }]);
  });

  it('reports a failure of the newest request, and is free for the next one', async () => {
    const generator = manualGenerator();
    const { queue, settled, busy } = queueWith(generator);

    queue.now(request(1));
    const error = { status: 500, message: 'boom' };
    generator.calls[0]!.refuse(error);
    await flush();
    expect(settled).toEqual([{ request: request(1), error }]);

    queue.now(request(2));
    expect(generator.calls).toHaveLength(2);
    expect(busy).toEqual([true, false, true]);
  });

  it('waits for the slider to rest: only the last position is sent, 2 seconds after the last move', async () => {
    const generator = manualGenerator();
    const { queue, busy } = queueWith(generator);

    queue.afterPause(request(1, 0.3));
    // Busy at once: the preview is about to change.
    expect(busy).toEqual([true]);
    await jest.advanceTimersByTimeAsync(1500);
    queue.afterPause(request(1, 0.35));
    await jest.advanceTimersByTimeAsync(1999);
    expect(generator.calls).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(generator.calls.map((call) => call.request.scale)).toEqual([0.35]);
  });

  it('sends a variant change at once, dropping a slider move still waiting', async () => {
    const generator = manualGenerator();
    const { queue } = queueWith(generator);

    queue.afterPause(request(1, 0.8));
    queue.now(request(2, 0.8));
    expect(generator.calls.map((call) => call.request)).toEqual([request(2, 0.8)]);
    await jest.advanceTimersByTimeAsync(5000);
    expect(generator.calls).toHaveLength(1);
  });

  it('queues a slider move that comes to rest while a mockup is being made', async () => {
    const generator = manualGenerator();
    const { queue, settled } = queueWith(generator);

    queue.now(request(1, 0.5));
    queue.afterPause(request(1, 0.6));
    await jest.advanceTimersByTimeAsync(2000);
    expect(generator.calls).toHaveLength(1);

    generator.calls[0]!.answer('at 0.5');
    await flush();
    expect(generator.calls.map((call) => call.request.scale)).toEqual([0.5, 0.6]);
    generator.calls[1]!.answer('at 0.6');
    await flush();
    expect(settled).toEqual([{ request: request(1, 0.6), result: 'at 0.6' }]);
  });

  it('does not ask twice for what is being made, and going back to it drops what waited', async () => {
    const generator = manualGenerator();
    const { queue, settled } = queueWith(generator);

    queue.now(request(1));
    queue.now(request(1));
    expect(generator.calls).toHaveLength(1);

    queue.now(request(2));
    queue.now(request(1));
    generator.calls[0]!.answer('mockup of 1');
    await flush();
    expect(generator.calls).toHaveLength(1);
    expect(settled).toEqual([{ request: request(1), result: 'mockup of 1' }]);
  });

  it('stays busy until the newest request has settled', async () => {
    const generator = manualGenerator();
    const { queue, busy } = queueWith(generator);

    queue.now(request(1));
    queue.now(request(2));
    generator.calls[0]!.answer('1');
    await flush();
    expect(busy).toEqual([true]);
    generator.calls[1]!.answer('2');
    await flush();
    expect(busy).toEqual([true, false]);
  });

  it('sends nothing more once the screen has left', async () => {
    const generator = manualGenerator();
    const { queue, busy } = queueWith(generator);

    queue.now(request(1));
    queue.now(request(2));
    queue.afterPause(request(3));
    queue.cancelPending();
    generator.calls[0]!.answer('1');
    await jest.advanceTimersByTimeAsync(5000);
    expect(generator.calls).toHaveLength(1);
    expect(busy.at(-1)).toBe(false);
  });
});
