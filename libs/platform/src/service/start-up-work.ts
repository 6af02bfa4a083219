import type { Logger } from 'pino';
import { storeUnavailableError } from '../errors/store-unavailable.js';

export interface StartUpWorkOptions {
  /** How long a store may stay away before the process gives up (and its supervisor restarts it). */
  giveUpAfterMs?: number;
  firstPauseMs?: number;
  longestPauseMs?: number;
}

/**
 * Runs work a service does once at start with a store (housekeeping, sealing old rows). A store that does not answer
 * yet (still starting, or a machine too busy to connect within the pool's timeout) is waited for with backoff instead
 * of ending the process; any other error ends it, as before.
 */
export async function startUpWork<T>(
  what: string,
  work: () => Promise<T>,
  logger: Pick<Logger, 'warn'>,
  { giveUpAfterMs = 120_000, firstPauseMs = 250, longestPauseMs = 5000 }: StartUpWorkOptions = {},
): Promise<T> {
  const started = Date.now();
  for (let pause = firstPauseMs; ; pause = Math.min(pause * 2, longestPauseMs)) {
    try {
      return await work();
    } catch (error) {
      if (!storeUnavailableError(error) || Date.now() - started + pause > giveUpAfterMs) throw error;
      logger.warn({ err: error, retryInMs: pause }, `${what}: a store did not answer; trying again`);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
