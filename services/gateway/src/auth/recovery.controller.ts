import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res, UseInterceptors } from '@nestjs/common';
import { ApiFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  type AccountReply,
  AuditActions,
  AuthMessages,
  ErrorCodes,
  forgotPasswordBodySchema,
  type MessageResponse,
  messageResponseSchema,
  type ResetLinkStatus,
  resetLinkStatusSchema,
  resetPasswordBodySchema,
  SignInErrors,
  SignInLanding,
  verifyEmailBodySchema,
  IdentityApi,
} from '@medical-qr/contracts';
import { AppError, type AuditTrail, SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { appUrl } from '../http/app-url.js';
import { limitedAddress } from '../http/client-address.js';
import { clientInfo } from '../http/client-info.js';
import { NoStoreInterceptor } from '../http/no-store.interceptor.js';
import { PublicBuckets } from '../rate-limit/public-buckets.js';
import { PublicRateLimit } from '../rate-limit/public-rate-limit.decorator.js';
import { RateLimiter } from '../rate-limit/rate-limiter.js';
import { SessionService } from '../session/session.service.js';
import { AUDIT_TRAIL, GATEWAY_CONFIG } from '../tokens.js';
import { AnonymousCodeClaim } from './anonymous-code-claim.js';
import { setSignInHint } from './sign-in-hints.js';
import { SignInAttempts } from './sign-in-attempts.js';
import { backToSignIn, signInErrorFor } from './back-to-sign-in.js';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
/** Reset tokens are 32 random bytes in base64url; anything else is not one. */
const RESET_TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** Mails a visitor may have sent to one address from one IP in 15 minutes. */
const MAILS_PER_ADDRESS = 5;

/** Forgotten passwords and email verification: the requests that send a link, and the links themselves. */
@ApiTags('auth')
@Controller('auth')
@PublicRateLimit(PublicBuckets.recovery)
// Sign-in answers (users, reset links, session cookies) never sit in a browser or shared cache.
@UseInterceptors(NoStoreInterceptor)
export class RecoveryController {
  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
    private readonly sessions: SessionService,
    private readonly limiter: RateLimiter,
    private readonly claims: AnonymousCodeClaim,
    private readonly attempts: SignInAttempts,
  ) {}

  @Post('forgot-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mails a reset link if the account exists; answers the same either way' })
  @ApiOkResponse({ standardSchema: messageResponseSchema })
  async forgotPassword(
    @Body({ schema: forgotPasswordBodySchema }) body: { email: string },
    @Req() req: Request,
  ): Promise<MessageResponse> {
    const client = clientInfo(req);
    await this.limiter.hit({
      key: `forgot:${body.email}:${limitedAddress(client.ip)}`,
      max: MAILS_PER_ADDRESS,
      windowMs: FIFTEEN_MINUTES,
    });
    const reply = await this.services.send(IdentityApi.requestPasswordReset, {
      email: body.email,
      appUrl: appUrl(req, this.config),
    });
    await this.audit.record({
      action: AuditActions.passwordResetRequested,
      userId: reply.userId ?? null,
      email: body.email,
      ...client,
    });
    return { message: reply.message };
  }

  @Get('reset-password/:token')
  @ApiOperation({ summary: 'Says whether a reset link can still be used, without using it (410 when it cannot)' })
  @ApiOkResponse({ standardSchema: resetLinkStatusSchema })
  async checkResetLink(@Param('token') token: string): Promise<ResetLinkStatus> {
    // A token that cannot exist is as unusable as a spent one, and never reaches identity.
    if (!RESET_TOKEN.test(token)) throw new AppError(ErrorCodes.GONE, AuthMessages.resetInvalid);
    return this.services.send(IdentityApi.checkPasswordReset, { token });
  }

  @Post('reset-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sets a new password with a single-use emailed token; signs the account out everywhere' })
  @ApiOkResponse({ standardSchema: messageResponseSchema })
  async resetPassword(
    @Body({ schema: resetPasswordBodySchema }) body: { token: string; password: string },
    @Req() req: Request,
  ): Promise<MessageResponse> {
    const reply = await this.services.send(IdentityApi.completePasswordReset, body);
    await this.sessions.signOutEverywhere(reply.userId);
    // Following the mailed link proves the owner: password guessing's pause on the account ends.
    await this.attempts.clear({ kind: 'login', email: reply.email }, clientInfo(req).ip);
    await this.attempts.clear({ kind: 'reauth', userId: reply.userId });
    await this.audit.record({
      action: AuditActions.passwordReset,
      userId: reply.userId,
      email: reply.email,
      ...clientInfo(req),
    });
    return { message: 'Password reset successful. You can now sign in with your new password.' };
  }

  @Post('verify-email')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sends the verification link again (same answer whether or not the account exists)' })
  @ApiOkResponse({ standardSchema: messageResponseSchema })
  async resendVerification(
    @Body({ schema: verifyEmailBodySchema }) body: { email: string },
    @Req() req: Request,
  ): Promise<MessageResponse> {
    await this.limiter.hit({
      key: `verify-mail:${body.email}:${limitedAddress(clientInfo(req).ip)}`,
      max: MAILS_PER_ADDRESS,
      windowMs: FIFTEEN_MINUTES,
    });
    return this.services.send(IdentityApi.sendEmailVerification, {
      email: body.email,
      appUrl: appUrl(req, this.config),
    });
  }

  @Get('verify-email/:token')
  @ApiOperation({ summary: 'Follows an emailed verification link, then redirects to the sign-in dialog' })
  @ApiFoundResponse({ description: 'To the sign-in dialog, with the outcome in the query' })
  async confirmEmail(@Param('token') token: string, @Req() req: Request, @Res() res: Response) {
    try {
      const reply = await this.services.send(IdentityApi.confirmEmail, {
        token: token.slice(0, 200),
      });
      if (!reply.alreadyVerified) await this.auditVerified(reply, req);
      await this.claims.claimFor({ userId: reply.userId, email: reply.email, emailVerified: true });
      setSignInHint(req, res, this.config, SignInLanding.emailHintCookie, reply.email);
      const outcome = reply.alreadyVerified ? SignInLanding.alreadyVerified : SignInLanding.verified;
      res.redirect(302, `/?login=true&${SignInLanding.verifiedKey}=${outcome}`);
    } catch (error) {
      backToSignIn(res, signInErrorFor(error, SignInErrors.verificationLinkFailed));
    }
  }

  private async auditVerified(reply: AccountReply, req: Request) {
    await this.audit.record({
      action: AuditActions.emailVerified,
      userId: reply.userId,
      email: reply.email,
      ...clientInfo(req),
    });
  }
}
