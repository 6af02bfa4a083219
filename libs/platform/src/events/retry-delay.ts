/** How long a failed event waits before its next delivery: doubling from `firstMs`, never over `maxMs`. */
export interface RetryDelay {
  firstMs: number;
  maxMs: number;
}

export const DEFAULT_RETRY_DELAY: RetryDelay = { firstMs: 1000, maxMs: 5 * 60_000 };

/** The wait after the `deliveryCount`-th delivery failed (1 for the first). */
export function retryDelayMs(deliveryCount: number, delay: RetryDelay = DEFAULT_RETRY_DELAY): number {
  const doublings = Math.max(0, Math.min(deliveryCount - 1, 30));
  return Math.min(delay.maxMs, delay.firstMs * 2 ** doublings);
}
