import type { ApiError } from '../../lib/base-query';
import { failureDescription, needsReauthentication } from './privacy-errors';

const anError = (error: Partial<ApiError>): ApiError => ({ status: 500, message: 'Internal server error', ...error });

describe('privacy errors', () => {
  it('know a re-authentication request by its code', () => {
    expect(needsReauthentication(anError({ status: 403, code: 'REAUTH_REQUIRED', message: 'Confirm it' }))).toBe(true);
    expect(needsReauthentication(anError({ status: 403, code: 'FORBIDDEN', message: 'No' }))).toBe(false);
    expect(needsReauthentication(new Error('boom'))).toBe(false);
  });

  it("give the server's words for a refusal or a lost connection, and a retry hint for anything else", () => {
    expect(failureDescription(anError({ status: 409, message: 'Your consent is already revoked.' }))).toBe(
      'Your consent is already revoked.',
    );
    expect(failureDescription(anError({ status: 'FETCH_ERROR', message: 'Could not reach the server.' }))).toBe(
      'Could not reach the server.',
    );
    expect(failureDescription(anError({ status: 500 }))).toBe('Please try again in a moment.');
    expect(failureDescription(new Error('boom'))).toBe('Please try again in a moment.');
  });
});
