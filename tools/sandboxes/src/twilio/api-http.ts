import express, { type NextFunction, type Request, type Response } from 'express';
import type { SandboxLogger } from '../provider-descriptor.js';
import { TwilioApiError, TwilioErrors } from './errors.js';
import { newSid } from './ids.js';

/** Twilio's API takes form bodies; read as text, parsed with URLSearchParams (repeated names keep the last). */
export const formBody = express.text({ type: 'application/x-www-form-urlencoded', limit: '64kb' });

/** A request's parameters: the form body of a POST, the query of a GET. */
export function paramsOf(req: Request): URLSearchParams {
  if (req.method === 'POST') return new URLSearchParams(typeof req.body === 'string' ? req.body : '');
  const query = req.originalUrl.indexOf('?');
  return new URLSearchParams(query < 0 ? '' : req.originalUrl.slice(query + 1));
}

/** The account's credentials as HTTP Basic carries them (AccountSid:AuthToken), or undefined when there are none. */
function basicCredentials(req: Request): { username: string; password: string } | undefined {
  const match = /^Basic\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * Checks the caller is the stand-in's one account, as Twilio does: 401 (20003) without credentials or with wrong
 * ones; 404 (20404) when the path names another account than the one signed in.
 */
export function authenticate(account: { accountSid: string; authToken: string }) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const credentials = basicCredentials(req);
    if (!credentials) return next(TwilioErrors.authenticate('No credentials provided'));
    if (credentials.username !== account.accountSid) return next(TwilioErrors.authenticate('invalid username'));
    if (credentials.password !== account.authToken) return next(TwilioErrors.authenticate('invalid password'));
    if (req.params.accountSid !== account.accountSid)
      return next(TwilioErrors.notFound(req.originalUrl.split('?')[0]!));
    next();
  };
}

/** Twilio answers plain JSON, not to be cached, each answer with a request id of its own. */
export function sendJson(res: Response, status: number, body: object): void {
  res
    .status(status)
    .set({ 'Cache-Control': 'no-cache', 'Twilio-Request-Id': newSid('RQ') })
    .type('application/json')
    .send(JSON.stringify(body));
}

/** Any failure as Twilio's error body; a fault of the stand-in itself is a logged 500 (20500). */
export function apiErrors(logger: SandboxLogger) {
  return (error: Error & { status?: number }, _req: Request, res: Response, _next: NextFunction) => {
    let problem: TwilioApiError;
    if (error instanceof TwilioApiError) problem = error;
    else if (error.status && error.status >= 400 && error.status < 500) {
      problem = new TwilioApiError(error.status, 20001, `Invalid request: ${error.message}`);
    } else {
      logger.error({ err: { message: error.message } }, `Twilio stand-in failed: ${error.message}`);
      problem = TwilioErrors.internal();
    }
    if (problem.status === 401) res.set('WWW-Authenticate', 'Basic realm="Twilio API"');
    sendJson(res, problem.status, problem.body);
  };
}
