import { ErrorCodes } from '@medical-qr/contracts';
import { storeUnavailableError } from './store-unavailable.js';

describe('storeUnavailableError', () => {
  it.each([
    ["Stream isn't writeable and enableOfflineQueue options is false", /Sessions and queued work/],
    ['Connection is closed.', /Sessions and queued work/],
    ['timeout exceeded when trying to connect', /database is not answering/],
    ['Connection terminated unexpectedly', /database is not answering/],
    ['connect ECONNREFUSED 127.0.0.1:5432', /database is not answering/],
  ])('makes "%s" a 503 to retry', (message, said) => {
    const error = storeUnavailableError(new Error(message));
    expect(error?.code).toBe(ErrorCodes.SERVICE_UNAVAILABLE);
    expect(error?.message).toMatch(said);
    expect(error?.message).toMatch(/try again/);
  });

  it("recognises PostgreSQL's own not-now answers, and a driver error wrapped by the ORM", () => {
    const cancelled = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    expect(storeUnavailableError(cancelled)?.code).toBe(ErrorCodes.SERVICE_UNAVAILABLE);
    const wrapped = new Error('Failed query: select 1', { cause: new Error('Connection terminated unexpectedly') });
    expect(storeUnavailableError(wrapped)?.code).toBe(ErrorCodes.SERVICE_UNAVAILABLE);
  });

  it('leaves every other error alone', () => {
    expect(storeUnavailableError(new Error('boom'))).toBeUndefined();
    expect(storeUnavailableError(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBeUndefined();
    expect(storeUnavailableError(undefined)).toBeUndefined();
  });
});
