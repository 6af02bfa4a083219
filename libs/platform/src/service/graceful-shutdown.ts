import type { Logger } from 'pino';

export interface GracefulShutdownOptions {
  logger: Logger;
  /** The bound on the whole sequence (SHUTDOWN_TIMEOUT_MS); past it the process exits with 1. */
  timeoutMs: number;
  /** Stops the process's work in order and closes its connections. */
  stop: () => Promise<void>;
  /** process.exit, unless a test watches the code. */
  exit?: (code: number) => void;
}

/** Starts the shutdown (with the reason for the log); every call after the first waits for the same one. */
export type Shutdown = (reason: string) => Promise<void>;

/**
 * The shutdown of one process: runs `stop` once, then exits with 0; when `stop` fails or takes
 * longer than the bound, logs it and exits with 1, so an orchestrator never waits on a hung process.
 */
export function gracefulShutdown({ logger, timeoutMs, stop, exit = process.exit }: GracefulShutdownOptions): Shutdown {
  let stopping: Promise<void> | undefined;
  return (reason) => {
    stopping ??= (async () => {
      logger.info({ reason, timeoutMs }, 'shutting down');
      const bound = setTimeout(() => {
        logger.error({ timeoutMs }, `shutdown did not finish within ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS); exiting`);
        exit(1);
      }, timeoutMs);
      try {
        await stop();
        clearTimeout(bound);
        logger.info('stopped');
        exit(0);
      } catch (error) {
        clearTimeout(bound);
        logger.error({ err: error }, 'shutdown failed');
        exit(1);
      }
    })();
    return stopping;
  };
}

/**
 * Shuts down on SIGTERM (an orchestrator) or SIGINT (Ctrl-C). A second signal changes nothing:
 * Ctrl-C reaches a launcher's children as well as the launcher, which then sends SIGTERM too.
 */
export function shutDownOnSignals(shutdown: Shutdown): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void shutdown(signal));
}
