/**
 * Polls `read` until `done` holds and answers that value; past `timeoutMs` it fails, saying what it last read, so a
 * test waiting for the system shows where it stopped.
 */
export async function eventually<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`condition not met within ${timeoutMs} ms; last read: ${JSON.stringify(value)?.slice(0, 500)}`);
    }
    await pause(150);
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
