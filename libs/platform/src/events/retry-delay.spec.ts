import { retryDelayMs } from './retry-delay.js';

describe('retryDelayMs', () => {
  it('doubles from the first delay and stops at the ceiling', () => {
    const delays = [1, 2, 3, 4, 5, 9, 10, 1000].map((count) => retryDelayMs(count, { firstMs: 1000, maxMs: 60_000 }));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 60_000, 60_000, 60_000]);
  });

  it('by default waits a second first and at most five minutes', () => {
    expect(retryDelayMs(1)).toBe(1000);
    expect(retryDelayMs(50)).toBe(300_000);
  });
});
