/**
 * How long a process that is alive but never becomes ready may keep its starter waiting: a backstop against a
 * process hung for good, not a start-up deadline. A busy machine or a slow laptop only makes start-up slower,
 * so waiting ends early only when the process exits or reports that it failed. START_HANG_LIMIT_MS overrides it.
 */
export function startHangLimitMs(env: NodeJS.ProcessEnv = process.env): number {
  const configured = Number(env.START_HANG_LIMIT_MS);
  return Number.isFinite(configured) && configured > 0 ? configured : 10 * 60_000;
}

export interface StartingProcess {
  /** Names what is starting in messages, e.g. "the provider stand-ins". */
  what: string;
  /** One look: resolves to undefined once ready, else to what it is still waiting for. */
  probe: () => Promise<string | undefined>;
  /** Resolves, with the reason, when the process exited or reported a start-up failure. */
  failed: Promise<string>;
  intervalMs?: number;
  hangLimitMs?: number;
}

/** Resolves once `probe` reports ready; rejects at once when the process fails, or after the hang backstop. */
export async function waitWhileStarting(starting: StartingProcess): Promise<void> {
  const hangLimitMs = starting.hangLimitMs ?? startHangLimitMs();
  const giveUpAt = Date.now() + hangLimitMs;
  let failure: string | undefined;
  void starting.failed.then((reason) => (failure = reason));
  for (;;) {
    // Let a failure that is already known win over one more probe.
    await Promise.resolve();
    if (failure !== undefined) throw new Error(`${starting.what} failed during start-up: ${failure}`);
    const waitingFor = await starting.probe().catch((error: Error) => error.message);
    if (waitingFor === undefined) return;
    if (failure !== undefined) throw new Error(`${starting.what} failed during start-up: ${failure}`);
    if (Date.now() > giveUpAt) {
      throw new Error(
        `${starting.what} is still running but not ready after ${Math.round(hangLimitMs / 1000)} s (${waitingFor}); ` +
          'set START_HANG_LIMIT_MS to wait longer',
      );
    }
    await Promise.race([new Promise((resolve) => setTimeout(resolve, starting.intervalMs ?? 100)), starting.failed]);
  }
}
