import type { Request } from 'express';
import { SignInErrors } from '@medical-qr/contracts';
import { type GoogleSignInIntent, GoogleOAuthState } from './google-oauth-state.js';

type Stored = (error: Error | null, state?: string) => void;
type Verified = (error: Error | null, ok?: boolean, info?: GoogleSignInIntent | { message: string }) => void;

export const GOOGLE_STATE_REFUSED = SignInErrors.googleExpired.message;

/**
 * passport-oauth2's state store, on our own GoogleOAuthState (random, in Redis for 10 minutes, bound to the browser
 * by a cookie, used once), so no server session is needed. The intent (where to return, a re-authentication or
 * not) goes in with the state and comes back with it as the sign-in's `info.state`.
 */
export class GoogleStateStore {
  constructor(private readonly states: GoogleOAuthState) {}

  // Four parameters: passport-oauth2 chooses the call by the method's arity, and passes the intent as `state`.
  store(req: Request, intent: GoogleSignInIntent, _meta: unknown, done: Stored): void {
    this.states.begin(req, req.res!, intent).then(
      (state) => done(null, state),
      (error: Error) => done(error),
    );
  }

  verify(req: Request, state: string, _meta: unknown, done: Verified): void {
    this.states.consume(req, req.res!, state).then(
      (intent) => (intent ? done(null, true, intent) : done(null, false, { message: GOOGLE_STATE_REFUSED })),
      (error: Error) => done(error),
    );
  }
}
