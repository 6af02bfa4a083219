import { ClientStalls } from './client-stalls.js';

const waitFor = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const TICK_MS = 20;

/** A deadline check may leave out the test's own pauses, and nothing else: waiting on an answer is never a pause. */
describe('ClientStalls', () => {
  it('counts the time this process was blocked, and none of the time it waited on something else', async () => {
    const stalls = new ClientStalls(TICK_MS);
    try {
      await waitFor(60);
      const waitedFrom = Date.now();
      await waitFor(400); // an answer that took 400 ms: the process ran all along
      const waitedTo = Date.now();
      const blockedFrom = Date.now();
      while (Date.now() - blockedFrom < 400); // the process itself held up, as in a long garbage collection
      const blockedTo = Date.now();
      await waitFor(60);
      // A pause is seen at the next tick (20 ms apart): one that ends as the wait begins may be dated a tick into it on a
      // busy machine. The wait itself, inside that resolution, holds none.
      expect(stalls.within(waitedFrom + TICK_MS, waitedTo - TICK_MS)).toBe(0);
      expect(stalls.within(blockedFrom, blockedTo)).toBeGreaterThan(300);
      expect(stalls.within(blockedFrom, blockedTo)).toBeLessThanOrEqual(blockedTo - blockedFrom);
    } finally {
      stalls.stop();
    }
  });
});
