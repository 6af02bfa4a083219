import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { CurrentSession } from './session.service.js';

const SIGNED_IN = Symbol('SIGNED_IN');
type WithSignedIn = Request & { [SIGNED_IN]?: CurrentSession };

/** Where SessionGuard leaves the session it let through. */
export function rememberSignedIn(req: Request, session: CurrentSession): void {
  (req as WithSignedIn)[SIGNED_IN] = session;
}

/** The session SessionGuard let through, or undefined on a route without it. */
export function signedInOf(req: Request): CurrentSession | undefined {
  return (req as WithSignedIn)[SIGNED_IN];
}

/**
 * The session of a signed-in request, for routes behind `@UseGuards(SessionGuard)`:
 * `create(@SignedIn() session: CurrentSession)`.
 */
export const SignedIn = createParamDecorator((_data: unknown, context: ExecutionContext): CurrentSession => {
  const session = signedInOf(context.switchToHttp().getRequest<Request>());
  // Reaching here without the guard is a wiring mistake: fail loudly rather than run signed out.
  if (!session) throw new Error('@SignedIn() is used on a route without @UseGuards(SessionGuard)');
  return session;
});
