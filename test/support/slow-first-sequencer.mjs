import TestSequencer from '@jest/test-sequencer';

const DefaultSequencer = TestSequencer.default ?? TestSequencer;

/**
 * Jest starts the test files it remembers as slowest first, so its workers finish together. A fresh clone has no such
 * memory (jest keys it by the checkout's path) and falls back to file size, which would start the browser suites last:
 * they are short files that drive long journeys. Without a timing, a file is guessed by where it lives.
 */
const GUESSED_SECONDS = [
  [/\/test\/browser\/accessibility-[^/]*\.e2e\.ts$/, 150],
  [/\/test\/browser\//, 45],
  // Suites that start a system of their own, and stop parts of it.
  [/\/test\/(faults|scale|live|foundation|card)\//, 30],
  [/\.e2e\.ts$/, 10],
];

export default class SlowFirstSequencer extends DefaultSequencer {
  sort(tests) {
    const seconds = (test) => {
      const remembered = this.time(test);
      if (remembered != null) return remembered / 1000;
      return GUESSED_SECONDS.find(([pattern]) => pattern.test(test.path))?.[1] ?? 1;
    };
    return [...tests].sort((a, b) => Number(this.hasFailed(b)) - Number(this.hasFailed(a)) || seconds(b) - seconds(a));
  }
}
