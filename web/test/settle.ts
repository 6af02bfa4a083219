import { act } from '@testing-library/react';

/**
 * Lets a form submission finish with real timers: react-hook-form checks the values
 * asynchronously, so a form's messages appear a few promise turns after the click. (With fake
 * timers, `advance()` from timers.ts does the same.)
 */
export async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
