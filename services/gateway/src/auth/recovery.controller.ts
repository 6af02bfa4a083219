import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res, UseInterceptors } from '@nestjs/common';
import { ApiFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  type AccountReply,
  AuditActions,
  type MessageResponse,
  messageResponseSchema,
  resetPasswordBodySchema,
  SignInErrors,
  SignInLanding,
  IdentityApi,
} from '@medical-qr/contracts';
import { type AuditTrail, SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { clientInfo } from '../http/client-info.js';
import { NoStoreInterceptor } from '../http/no-store.interceptor.js';
import { PublicBuckets } from '../rate-limit/public-buckets.js';
import { PublicRateLimit } from '../rate-limit/public-rate-limit.decorator.js';
import { SessionService } from '../session/session.service.js';
import { AUDIT_TRAIL, GATEWAY_CONFIG } from '../tokens.js';
import { AnonymousCodeClaim } from './anonymous-code-claim.js';
import { setSignInHint } from './sign-in-hints.js';
import { SignInAttempts } from './sign-in-attempts.js';
import { backToSignIn, signInErrorFor } from './back-to-sign-in.js';

/**
 * Following the links recovery mails: a new password (signs out everywhere), a proven email (a hint cookie, then
 * the sign-in dialog). The requests that send the links only forward: auth.routes.ts declares them.
 */
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
    private readonly claims: AnonymousCodeClaim,
    private readonly attempts: SignInAttempts,
  ) {}

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
