import { jest } from '@jest/globals';
import { act } from '@testing-library/react';

/**
 * With jest's fake timers: moves the clock on by `ms` inside act(), running timers and the
 * promises they settle (fetch stubs, RTK Query, React updates). testing-library's waitFor cannot
 * see fake timers in ESM tests, so timer-driven tests step with this instead.
 */
export async function advance(ms = 0): Promise<void> {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
  // A second pass lets work started by the first (a refetch after a mutation) settle too.
  await act(async () => {
    await jest.advanceTimersByTimeAsync(0);
  });
}
