import { jest } from '@jest/globals';

// End-to-end suites start whole systems in their hooks, and a loaded machine or a slow laptop only makes that
// slower: the launcher already fails at once when a process exits, so jest's limit here is a backstop against a
// hang, not a deadline to race. A hook or test that names its own limit keeps it.
jest.setTimeout(5 * 60_000);
