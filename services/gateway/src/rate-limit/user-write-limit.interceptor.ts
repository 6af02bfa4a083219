import {
  type CallHandler,
  type ExecutionContext,
  HttpException,
  Injectable,
  type NestInterceptor,
  UseInterceptors,
} from '@nestjs/common';
import type { Request } from 'express';
import { catchError, from, mergeMap, type Observable } from 'rxjs';
import { ErrorCodes } from '@medical-qr/contracts';
import { AppError } from '@medical-qr/platform';
import { signedInOf } from '../session/signed-in.decorator.js';
import { type Limit, RateLimiter } from './rate-limiter.js';

/**
 * Writes one signed-in account may make a minute, across every route that counts them (creating, editing and
 * deleting records): far above what a person types, far below what fills the database or busies the records
 * service. See docs/decisions.md.
 */
export const USER_WRITES_PER_MINUTE = 30;
const ONE_MINUTE = 60 * 1000;

/** A write refused for what it named (a malformed body, a record that is not there): it stored nothing. */
function namedNothing(error: unknown): boolean {
  if (error instanceof AppError)
    return error.code === ErrorCodes.VALIDATION_ERROR || error.code === ErrorCodes.NOT_FOUND;
  return error instanceof HttpException && [400, 404].includes(error.getStatus());
}

/**
 * Counts the request in its account's write bucket, then 429 with Retry-After past USER_WRITES_PER_MINUTE. Keyed by
 * the user, not the address, so one account cannot spread its writes over many addresses. A write that named nothing
 * real (400, 404) is given back. Runs after SessionGuard.
 */
@Injectable()
export class UserWriteLimitInterceptor implements NestInterceptor {
  constructor(private readonly limiter: RateLimiter) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const session = signedInOf(context.switchToHttp().getRequest<Request>());
    if (!session) throw new Error('UserWriteLimit is used on a route without SessionGuard');
    const limit: Limit = {
      key: `user-writes:${session.data.userId}`,
      max: USER_WRITES_PER_MINUTE,
      windowMs: ONE_MINUTE,
    };
    return from(this.limiter.hit(limit)).pipe(
      mergeMap(() => next.handle()),
      catchError(async (error: unknown) => {
        if (namedNothing(error)) await this.limiter.release(limit);
        throw error;
      }),
    );
  }
}

/** Counts the route's requests in the signed-in account's write bucket (see UserWriteLimitInterceptor). */
export const UserWriteLimit = () => UseInterceptors(UserWriteLimitInterceptor);
