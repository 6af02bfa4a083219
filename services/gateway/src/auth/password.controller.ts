import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UseInterceptors } from '@nestjs/common';
import { ApiCreatedResponse, ApiFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  AuditActions,
  ErrorCodes,
  type LoginBody,
  loginBodySchema,
  type LoginResponse,
  loginResponseSchema,
  messageResponseSchema,
  type RegisterBody,
  registerBodySchema,
  type RegisterResponse,
  registerResponseSchema,
  IdentityApi,
} from '@medical-qr/contracts';
import { AppError, type AuditTrail, SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { appUrl } from '../http/app-url.js';
import { clientInfo } from '../http/client-info.js';
import { NoStoreInterceptor } from '../http/no-store.interceptor.js';
import { startedOnAnotherSite } from '../http/request-site.js';
import { PublicBuckets } from '../rate-limit/public-buckets.js';
import { PublicRateLimit } from '../rate-limit/public-rate-limit.decorator.js';
import { SessionService } from '../session/session.service.js';
import { AUDIT_TRAIL, GATEWAY_CONFIG } from '../tokens.js';
import { AnonymousCodeClaim } from './anonymous-code-claim.js';
import { CurrentUserBuilder } from './current-user.builder.js';
import { ACCOUNT_LOCK_MINUTES, SignInAttempts } from './sign-in-attempts.js';
import { typedEmailDigest } from './typed-email-digest.js';

const codeOf = (error: unknown) => (error instanceof AppError ? error.code : undefined);

/** Refusals the audit log records as failed sign-ins, with the reason it gives. */
const LOGIN_FAILURE_REASONS: Partial<Record<string, string>> = {
  [ErrorCodes.INVALID_CREDENTIALS]: 'invalid_credentials',
  [ErrorCodes.EMAIL_NOT_VERIFIED]: 'email_not_verified',
};

/** Sign-in with a password, registration, the demo account, and sign-out. */
@ApiTags('auth')
@Controller()
// Sign-in answers (users, reset links, session cookies) never sit in a browser or shared cache.
@UseInterceptors(NoStoreInterceptor)
export class PasswordController {
  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
    private readonly sessions: SessionService,
    private readonly attempts: SignInAttempts,
    private readonly currentUser: CurrentUserBuilder,
    private readonly claims: AnonymousCodeClaim,
  ) {}

  @Post('auth/login')
  @HttpCode(200)
  @PublicRateLimit(PublicBuckets.signIn)
  @ApiOperation({
    summary:
      'Signs in with email and password (5 attempts per account and address, 20 per account from all addresses, per 15 minutes; then 429)',
  })
  @ApiOkResponse({ standardSchema: loginResponseSchema })
  async login(
    @Body({ schema: loginBodySchema }) body: LoginBody,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LoginResponse> {
    const client = clientInfo(req);
    const { user, firstSignIn } = await this.attempts
      .run({
        account: { kind: 'login', email: body.email },
        ip: client.ip,
        check: () => this.services.send(IdentityApi.verifyCredentials, body),
        isWrongPassword: (error) => codeOf(error) === ErrorCodes.INVALID_CREDENTIALS,
        onAccountLocked: () => this.tellOwnerOfLock({ email: body.email }, req),
      })
      .catch(async (error: unknown) => {
        await this.auditRefusedLogin(body.email, client, codeOf(error));
        throw error;
      });
    const session = await this.sessions.signIn(req, res, { userId: user.id, authMethod: 'password' });
    await this.claims.claimFor({ userId: user.id, email: user.email, emailVerified: user.emailVerified });
    await this.audit.record({
      action: AuditActions.loginSucceeded,
      userId: user.id,
      email: user.email,
      ...client,
      details: { method: 'password' },
    });
    return { message: 'Login successful', user: await this.currentUser.build(user, session), firstSignIn };
  }

  @Post('auth/register')
  @HttpCode(201)
  @PublicRateLimit(PublicBuckets.registration)
  @ApiOperation({ summary: 'Creates an account; with email verification on, sign-in waits for the emailed link' })
  @ApiCreatedResponse({ standardSchema: registerResponseSchema })
  async register(
    @Body({ schema: registerBodySchema }) body: RegisterBody,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<RegisterResponse> {
    const reply = await this.services.send(IdentityApi.register, {
      ...body,
      appUrl: appUrl(req, this.config),
    });
    // A known address gets the answer a new one would (its owner was mailed instead); nothing was registered.
    if (!reply.existingAccount) {
      await this.audit.record({
        action: AuditActions.registered,
        userId: reply.user.id,
        email: reply.user.email,
        ...clientInfo(req),
      });
    }
    if (reply.requiresVerification) {
      return {
        requiresVerification: true,
        message: 'Account created. We sent an activation link to your email: follow it, then sign in.',
        user: await this.currentUser.build(reply.user, { authMethod: 'password' }),
        firstSignIn: false,
      };
    }
    const session = await this.sessions.signIn(req, res, { userId: reply.user.id, authMethod: 'password' });
    const user = await this.currentUser.build(reply.user, session);
    return { requiresVerification: false, message: 'Account created. Welcome!', user, firstSignIn: true };
  }

  @Post('auth/demo-login')
  @HttpCode(200)
  @PublicRateLimit(PublicBuckets.signIn)
  @ApiOperation({ summary: 'Signs into the demo account (only when DEMO_LOGIN=true)' })
  @ApiOkResponse({ standardSchema: loginResponseSchema })
  async demoLogin(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<LoginResponse> {
    const user = await this.services.send(IdentityApi.demoUser, {});
    const session = await this.sessions.signIn(req, res, { userId: user.id, authMethod: 'demo' });
    await this.audit.record({
      action: AuditActions.loginSucceeded,
      userId: user.id,
      email: user.email,
      ...clientInfo(req),
      details: { method: 'demo' },
    });
    // The demo account is shared: nobody is new to it.
    return { message: 'Login successful', user: await this.currentUser.build(user, session), firstSignIn: false };
  }

  @Post('auth/logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'Signs out: the session is destroyed on the server' })
  @ApiOkResponse({ standardSchema: messageResponseSchema })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const session = await this.sessions.signOut(req, res);
    if (session)
      await this.audit.record({ action: AuditActions.logout, userId: session.data.userId, ...clientInfo(req) });
    return { message: 'Logged out' };
  }

  @Get('logout')
  @ApiOperation({
    summary: 'Signs out and returns to the home page; a link followed from another site only returns home',
  })
  @ApiFoundResponse({ description: 'Back to the home page' })
  async logoutAndGoHome(@Req() req: Request, @Res() res: Response) {
    // A GET that signs out must not be triggerable by another site's link, image or script.
    if (!startedOnAnotherSite(req, this.config, ['same-origin', 'same-site', 'none'])) await this.logout(req, res);
    res.redirect(302, '/');
  }

  /** Tells the owner their password sign-in is paused (once per pause; the attempt that found it answers 429). */
  private async tellOwnerOfLock(account: { email: string }, req: Request) {
    await this.services.send(IdentityApi.notifyAccountLocked, {
      ...account,
      appUrl: appUrl(req, this.config),
      minutes: ACCOUNT_LOCK_MINUTES,
    });
  }

  private async auditRefusedLogin(typed: string, client: ReturnType<typeof clientInfo>, code: string | undefined) {
    const email = typedEmailDigest(this.config.SESSION_SECRET, typed);
    if (code === ErrorCodes.RATE_LIMITED) {
      await this.audit.record({ action: AuditActions.loginRateLimited, email, ...client });
      return;
    }
    const reason = code ? LOGIN_FAILURE_REASONS[code] : undefined;
    if (reason) await this.audit.record({ action: AuditActions.loginFailed, email, ...client, details: { reason } });
  }
}
