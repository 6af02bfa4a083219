import { Controller, Get, Inject, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiFoundResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  AuditActions,
  localRedirectSchema,
  type PublicUser,
  SignInErrors,
  SignInLanding,
  IdentityApi,
} from '@medical-qr/contracts';
import { type AuditTrail, SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { asOpenApi } from '../docs/openapi-schema.js';
import { clientInfo } from '../http/client-info.js';
import { NoStoreInterceptor } from '../http/no-store.interceptor.js';
import { PublicBuckets } from '../rate-limit/public-buckets.js';
import { PublicRateLimit } from '../rate-limit/public-rate-limit.decorator.js';
import { SessionService } from '../session/session.service.js';
import { AUDIT_TRAIL, GATEWAY_CONFIG } from '../tokens.js';
import type { GoogleSignInIntent } from './google-oauth-state.js';
import { type GoogleOutcome, GoogleSignInGuard } from './google-sign-in.guard.js';
import { GOOGLE_STATE_REFUSED } from './google-state.store.js';
import { Reauthentication } from './reauthentication.js';
import { backToSignIn, signInErrorFor } from './back-to-sign-in.js';
import { setSignInHint } from './sign-in-hints.js';
import { AnonymousCodeClaim } from './anonymous-code-claim.js';

/**
 * Google sign-in (and re-authentication through Google), through passport's guard (GoogleSignInGuard and
 * GoogleStrategy): off to Google, and back; the gateway's own session service signs the person in.
 */
@ApiTags('auth')
@Controller('auth/google')
// Sign-in answers (users, reset links, session cookies) never sit in a browser or shared cache.
@UseInterceptors(NoStoreInterceptor)
export class GoogleController {
  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
    private readonly sessions: SessionService,
    private readonly reauthentication: Reauthentication,
    private readonly claims: AnonymousCodeClaim,
  ) {}

  @Get()
  @PublicRateLimit(PublicBuckets.signIn)
  @UseGuards(GoogleSignInGuard)
  @ApiOperation({ summary: 'Starts Google sign-in; `redirect` is the local path to return to' })
  @ApiQuery({
    name: 'redirect',
    required: false,
    description: 'The local path to return to',
    schema: asOpenApi(localRedirectSchema),
  })
  @ApiQuery({
    name: 'reauth',
    required: false,
    description: '1 to re-authenticate the signed-in account',
    schema: { type: 'string', enum: ['1'] },
  })
  @ApiFoundResponse({ description: "To Google's consent page (or back to sign-in when Google is not configured)" })
  start(@Req() req: Request & { user?: GoogleOutcome }, @Res() res: Response) {
    // Here only when the guard did not send the person to Google.
    if (req.user?.kind === 'unavailable') return backToSignIn(res, SignInErrors.googleUnavailable);
    backToSignIn(res, SignInErrors.googleFailed);
  }

  @Get('callback')
  @UseGuards(GoogleSignInGuard)
  @ApiOperation({ summary: 'Where Google returns; signs in and redirects to the path given at the start' })
  @ApiQuery({ name: 'state', required: true, schema: { type: 'string' } })
  @ApiQuery({ name: 'code', required: false, schema: { type: 'string' } })
  @ApiQuery({ name: 'error', required: false, schema: { type: 'string' } })
  @ApiFoundResponse({ description: 'To the page given at the start, signed in; or back to sign-in with the reason' })
  async callback(@Req() req: Request & { user?: GoogleOutcome }, @Res() res: Response) {
    const outcome = req.user;
    if (outcome?.kind === 'unavailable') return backToSignIn(res, SignInErrors.googleUnavailable);
    if (typeof req.query.error === 'string') return backToSignIn(res, SignInErrors.googleCancelled);
    if (outcome?.kind !== 'signed-in') {
      if (outcome?.message === GOOGLE_STATE_REFUSED) return backToSignIn(res, SignInErrors.googleExpired);
      if (!outcome?.error) return backToSignIn(res, SignInErrors.googleUnconfirmed);
      return this.refuse(req, res, outcome.error);
    }
    try {
      const { user, firstSignIn, endOtherSessions } = await this.services.send(
        IdentityApi.googleSignIn,
        outcome.identity,
      );
      // The account was taken from whoever registered it without proving the email: their sessions end here.
      if (endOtherSessions) await this.sessions.signOutEverywhere(user.id);
      const intent = endOtherSessions ? { ...outcome.intent, reauth: false } : outcome.intent;
      const signedIn = await this.complete(user, intent, req, res);
      // The page it lands on welcomes a newcomer, or the person back.
      const welcome = firstSignIn ? SignInLanding.welcomeNew : SignInLanding.welcomeBack;
      if (signedIn) setSignInHint(req, res, this.config, SignInLanding.welcomeCookie, welcome);
      res.redirect(302, outcome.intent.redirect);
    } catch (error) {
      await this.refuse(req, res, error);
    }
  }

  private async refuse(req: Request, res: Response, error: unknown) {
    await this.audit.record({ action: AuditActions.loginFailed, ...clientInfo(req), details: { method: 'google' } });
    backToSignIn(res, signInErrorFor(error, SignInErrors.googleFailed));
  }

  /**
   * A re-authentication of the signed-in person confirms them; anything else is a sign-in with a new session.
   * Answers whether it was a sign-in (the web then welcomes the person).
   */
  private async complete(user: PublicUser, intent: GoogleSignInIntent, req: Request, res: Response) {
    const session = await this.sessions.current(req);
    if (intent.reauth && session?.data.userId === user.id) {
      session.data.googleAuthAt = Date.now();
      await this.reauthentication.confirm(session, req, 'google');
      return false;
    }
    await this.sessions.signIn(req, res, { userId: user.id, authMethod: 'google', googleAuthAt: Date.now() });
    await this.claims.claimFor({ userId: user.id, email: user.email, emailVerified: user.emailVerified });
    await this.audit.record({
      action: AuditActions.googleSignIn,
      userId: user.id,
      email: user.email,
      ...clientInfo(req),
    });
    return true;
  }
}
