import { timingSafeEqual } from 'node:crypto';
import express, { Router, type Request, type Response } from 'express';
import { sendPage } from '../html.js';
import { DEFAULT_IDENTITY, renderAuthErrorPage, renderConsentPage, type AuthRequest } from './consent-page.js';
import { unsignedIdToken, userinfo, type GoogleIdentity } from './identity.js';
import { OAuthStore, TOKEN_LIFETIME_S, type IssuedCode } from './oauth-store.js';

/** A single string parameter; repeated or non-string values count as missing. */
function param(source: unknown, name: string): string | undefined {
  const value = (source as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

type Checked = { request: AuthRequest } | { error: string; description: string };

/** What Google checks before it shows its sign-in page. */
function checkAuthRequest(source: unknown, clientId: string, responseType: string | undefined): Checked {
  const requestedClient = param(source, 'client_id');
  if (!requestedClient) return { error: 'invalid_request', description: 'Missing required parameter: client_id' };
  if (requestedClient !== clientId) {
    return {
      error: 'invalid_client',
      description: `The OAuth client was not found: client_id "${requestedClient}" is not the stand-in's client.`,
    };
  }
  if (responseType !== 'code') {
    return {
      error: 'unsupported_response_type',
      description: responseType
        ? `response_type "${responseType}" is not supported; use response_type=code.`
        : 'Missing required parameter: response_type',
    };
  }
  const redirectUri = param(source, 'redirect_uri');
  if (!redirectUri) return { error: 'invalid_request', description: 'Missing required parameter: redirect_uri' };
  let protocol = '';
  try {
    protocol = new URL(redirectUri).protocol;
  } catch {
    // reported below
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    return {
      error: 'invalid_request',
      description: `redirect_uri must be an absolute http:// or https:// URL; got "${redirectUri}".`,
    };
  }
  const scope = param(source, 'scope')?.trim();
  if (!scope) return { error: 'invalid_request', description: 'Missing required parameter: scope' };
  return {
    request: {
      clientId: requestedClient,
      redirectUri,
      scope,
      state: param(source, 'state'),
      nonce: param(source, 'nonce'),
    },
  };
}

function redirectBack(res: Response, redirectUri: string, params: Record<string, string | undefined>): void {
  const target = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) target.searchParams.set(name, value);
  res.set('Cache-Control', 'no-store').redirect(302, target.toString());
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Client credentials from HTTP Basic (RFC 6749 §2.3.1, form-encoded parts) or else from the body. */
function clientCredentials(req: Request): { id?: string; secret?: string } {
  const header = req.get('authorization');
  if (header?.toLowerCase().startsWith('basic ')) {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const decode = (part: string) => {
      try {
        return decodeURIComponent(part.replace(/\+/g, ' '));
      } catch {
        return part;
      }
    };
    if (colon > 0) return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
  }
  return { id: param(req.body, 'client_id'), secret: param(req.body, 'client_secret') };
}

function tokenError(res: Response, status: number, error: string, description?: string): void {
  res
    .status(status)
    .set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' })
    .json(description ? { error, error_description: description } : { error });
}

type Client = { clientId: string; clientSecret: string };

function sendAuthError(res: Response, checked: { error: string; description: string }): void {
  sendPage(res, {
    status: 400,
    narrow: true,
    title: 'Error · Sign in with Google (local stand-in)',
    body: renderAuthErrorPage(checked.error, checked.description),
  });
}

/** `GET /o/oauth2/v2/auth`: the consent page, prefilled from `login_hint`. */
function showConsent(clientId: string) {
  return (req: Request, res: Response) => {
    const checked = checkAuthRequest(req.query, clientId, param(req.query, 'response_type'));
    if ('error' in checked) return sendAuthError(res, checked);
    const hint = param(req.query, 'login_hint')?.trim();
    sendPage(res, {
      narrow: true,
      title: 'Sign in with Google (local stand-in)',
      formAction: [new URL(checked.request.redirectUri).origin],
      body: renderConsentPage(checked.request, {
        email: hint && EMAIL.test(hint) ? hint : DEFAULT_IDENTITY.email,
        givenName: DEFAULT_IDENTITY.givenName,
        familyName: DEFAULT_IDENTITY.familyName,
      }),
    });
  };
}

/** `POST /o/oauth2/v2/auth`: Continue sends a code back to the app, Cancel `access_denied`. */
function decideConsent(clientId: string, store: OAuthStore) {
  return (req: Request, res: Response) => {
    const checked = checkAuthRequest(req.body, clientId, 'code');
    if ('error' in checked) return sendAuthError(res, checked);
    const { request } = checked;
    if (param(req.body, 'decision') !== 'allow') {
      redirectBack(res, request.redirectUri, { error: 'access_denied', state: request.state });
      return;
    }
    const identity: GoogleIdentity = {
      email: (param(req.body, 'email') ?? '').trim().toLowerCase(),
      givenName: (param(req.body, 'given_name') ?? '').trim().slice(0, 100),
      familyName: (param(req.body, 'family_name') ?? '').trim().slice(0, 100),
    };
    if (!EMAIL.test(identity.email) || identity.email.length > 254) {
      sendPage(res, {
        status: 400,
        narrow: true,
        title: 'Sign in with Google (local stand-in)',
        formAction: [new URL(request.redirectUri).origin],
        body: renderConsentPage(request, identity, 'Enter an email address, like jordan.lee@example.com.'),
      });
      return;
    }
    const { redirectUri, scope, nonce } = request;
    const code = store.issueCode({ clientId: request.clientId, redirectUri, scope, nonce, identity });
    redirectBack(res, redirectUri, { code, state: request.state });
  };
}

type TokenProblem = [status: number, error: string, description: string];

/** A token request checked in Google's order: the client, the grant type, then the code and its redirect_uri. */
function checkTokenRequest(
  req: Request,
  expected: Client,
  store: OAuthStore,
): { problem: TokenProblem } | { code: string; grant: IssuedCode } {
  const client = clientCredentials(req);
  if (!client.id || client.id !== expected.clientId) {
    return { problem: [401, 'invalid_client', 'The OAuth client was not found.'] };
  }
  if (!client.secret || !sameSecret(client.secret, expected.clientSecret)) {
    return { problem: [401, 'invalid_client', 'Unauthorized'] };
  }
  const grantType = param(req.body, 'grant_type');
  if (grantType !== 'authorization_code') {
    const problem: TokenProblem = grantType
      ? [400, 'unsupported_grant_type', `Invalid grant_type: ${grantType}`]
      : [400, 'invalid_request', 'Missing required parameter: grant_type'];
    return { problem };
  }
  const code = param(req.body, 'code');
  if (!code) return { problem: [400, 'invalid_request', 'Missing required parameter: code'] };
  const grant = store.peekCode(code);
  if (!grant || grant.clientId !== client.id) {
    const expiredOrUnknown = 'Malformed auth code: unknown, already used, or expired (codes work once, for 60 s).';
    return { problem: [400, 'invalid_grant', expiredOrUnknown] };
  }
  if (param(req.body, 'redirect_uri') !== grant.redirectUri) {
    return { problem: [400, 'invalid_grant', 'redirect_uri does not match the one the code was issued for.'] };
  }
  return { code, grant };
}

/** `POST /token`: trades a code, once, for an access token and an (unsigned) id_token. */
function exchangeCode(client: Client, store: OAuthStore) {
  return (req: Request, res: Response) => {
    const checked = checkTokenRequest(req, client, store);
    if ('problem' in checked) return tokenError(res, ...checked.problem);
    const { code, grant } = checked;
    store.consumeCode(code);
    const accessToken = store.issueToken({ clientId: grant.clientId, scope: grant.scope, identity: grant.identity });
    const issuedAt = Math.floor(Date.now() / 1000);
    const { sub, ...profile } = userinfo(grant.identity);
    const idToken = unsignedIdToken({
      iss: `${req.protocol}://${req.get('host')}`,
      azp: grant.clientId,
      aud: grant.clientId,
      sub,
      ...profile,
      ...(grant.nonce ? { nonce: grant.nonce } : {}),
      iat: issuedAt,
      exp: issuedAt + TOKEN_LIFETIME_S,
    });
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' }).json({
      access_token: accessToken,
      expires_in: TOKEN_LIFETIME_S,
      token_type: 'Bearer',
      scope: grant.scope,
      id_token: idToken,
    });
  };
}

/** Userinfo for a Bearer token, or 401 `invalid_token`. */
function showUserinfo(store: OAuthStore) {
  return (req: Request, res: Response) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
    const grant = match ? store.findToken(match[1]!) : undefined;
    if (!grant) {
      res
        .status(401)
        .set('WWW-Authenticate', 'Bearer realm="local-google-stand-in", error="invalid_token"')
        .json({ error: 'invalid_token', error_description: 'Invalid Credentials' });
      return;
    }
    res.set('Cache-Control', 'no-store').json(userinfo(grant.identity));
  };
}

/**
 * Google OAuth 2.0 (authorization code flow) on Google's own paths: the consent page at `/o/oauth2/v2/auth`, the
 * token endpoint at `/token` (as oauth2.googleapis.com has it), userinfo at `/oauth2/v3/userinfo` and `/v1/userinfo`.
 */
export function googleRoutes(client: Client, store = new OAuthStore()): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '16kb' });
  const json = express.json({ limit: '16kb' });
  router.get('/o/oauth2/v2/auth', showConsent(client.clientId));
  router.post('/o/oauth2/v2/auth', form, decideConsent(client.clientId, store));
  router.post('/token', form, json, exchangeCode(client, store));
  router.get('/oauth2/v3/userinfo', showUserinfo(store));
  router.get('/v1/userinfo', showUserinfo(store));
  return router;
}
