import { jest } from '@jest/globals';
import { PAYMENT_POLL, pollUntil } from './poll';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** Starts a poll whose checks answer from `answers` (true, false, or an error), counting the calls. */
function poll(answers: Array<boolean | Error>, isCancelled?: () => boolean) {
  let calls = 0;
  const result = pollUntil(
    async () => {
      const answer = answers[Math.min(calls, answers.length - 1)];
      calls += 1;
      if (answer instanceof Error) throw answer;
      return answer!;
    },
    { ...PAYMENT_POLL, isCancelled },
  );
  return { result, calls: () => calls };
}

describe('the premium status poller', () => {
  it('asks every second, and stops at the first yes', async () => {
    const { result, calls } = poll([false, false, true]);
    await jest.advanceTimersByTimeAsync(999);
    expect(calls()).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(calls()).toBe(1);
    await jest.advanceTimersByTimeAsync(2000);
    expect(calls()).toBe(3);
    await expect(result).resolves.toBe(true);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(calls()).toBe(3);
  });

  it('gives up after 30 tries, 30 seconds in', async () => {
    const { result, calls } = poll([false]);
    await jest.advanceTimersByTimeAsync(29_999);
    expect(calls()).toBe(29);
    await jest.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe(false);
    expect(calls()).toBe(30);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(calls()).toBe(30);
  });

  it('counts a failed request as "not yet"', async () => {
    const { result, calls } = poll([new Error('offline'), true]);
    await jest.advanceTimersByTimeAsync(2000);
    await expect(result).resolves.toBe(true);
    expect(calls()).toBe(2);
  });

  it('stops when cancelled', async () => {
    let cancelled = false;
    const { result, calls } = poll([false], () => cancelled);
    await jest.advanceTimersByTimeAsync(3000);
    cancelled = true;
    await jest.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toBe(false);
    expect(calls()).toBe(3);
  });
});
