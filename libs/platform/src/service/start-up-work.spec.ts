import { startUpWork } from './start-up-work.js';

const quiet = { warn: () => undefined };
const fast = { firstPauseMs: 5, longestPauseMs: 20 };
/** What node-postgres's pool throws when no connection came within its timeout. */
const poolTimeout = () => new Error('timeout exceeded when trying to connect');

describe('startUpWork', () => {
  it('waits out a store that does not answer yet, then answers what the work did', async () => {
    let attempts = 0;
    const warnings: unknown[] = [];
    const result = await startUpWork(
      'sealing',
      async () => {
        attempts += 1;
        if (attempts < 3) throw poolTimeout();
        return 42;
      },
      { warn: (details: unknown) => void warnings.push(details) },
      fast,
    );
    expect(result).toBe(42);
    expect(attempts).toBe(3);
    expect(warnings).toHaveLength(2);
  });

  it('ends at once on any other error: a bug is not waited out', async () => {
    let attempts = 0;
    const work = async () => {
      attempts += 1;
      throw new Error('column "email" does not exist');
    };
    await expect(startUpWork('sealing', work, quiet, fast)).rejects.toThrow('column "email" does not exist');
    expect(attempts).toBe(1);
  });

  it('gives up once the store stayed away longer than it may', async () => {
    let attempts = 0;
    const work = async () => {
      attempts += 1;
      throw poolTimeout();
    };
    await expect(startUpWork('sealing', work, quiet, { ...fast, giveUpAfterMs: 1000 })).rejects.toThrow(
      'timeout exceeded',
    );
    expect(attempts).toBeGreaterThan(1);
  });
});
