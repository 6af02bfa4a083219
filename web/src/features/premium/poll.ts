/** SPEC section 9: after a payment, premium status is asked every second, at most 30 times. */
export const PAYMENT_POLL = { intervalMs: 1000, maxTries: 30 } as const;

export interface PollOptions {
  intervalMs: number;
  maxTries: number;
  /** Checked before every try: true stops the polling (the screen went away). */
  isCancelled?: () => boolean;
}

/**
 * Waits `intervalMs`, then asks `check`, up to `maxTries` times, until it answers true. Resolves true as soon as one
 * does, false when none did or the polling was cancelled. A check that throws counts as "not yet".
 */
export async function pollUntil(
  check: () => Promise<boolean>,
  { intervalMs, maxTries, isCancelled = () => false }: PollOptions,
): Promise<boolean> {
  for (let attempt = 1; attempt <= maxTries; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    if (isCancelled()) return false;
    try {
      if (await check()) return true;
    } catch {
      // A failed request is one more "not yet"; the next try may get through.
    }
  }
  return false;
}
