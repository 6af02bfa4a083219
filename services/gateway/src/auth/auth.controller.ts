import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import {
  AuditActions,
  ErrorCodes,
  forgotPasswordBodySchema,
  IdentityPatterns,
  localRedirectSchema,
  loginBodySchema,
  REAUTH_WINDOW_MS,
  registerBodySchema,
  resetPasswordBodySchema,
  verifyEmailBodySchema,
  verifyPasswordBodySchema,
  type AccountReply,
  type LoginResponse,
  type PublicUser,
  type ReauthResponse,
  type RegisterReply,
  type RegisterResponse,
} from '@medical-qr/contracts';
import { AppError, type AuditTrail, SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { appUrl } from '../http/app-url.js';
import { ZodBody } from '../http/zod-body.pipe.js';
import { PublicRateLimitGuard } from '../rate-limit/public-rate-limit.guard.js';
import { RateLimiter } from '../rate-limit/rate-limiter.js';
import { clearCookie, OAUTH_STATE_COOKIE, readCookie, writeCookie } from '../session/cookies.js';
import { SessionService } from '../session/session.service.js';
import { AUDIT_TRAIL, GATEWAY_CONFIG, REDIS } from '../tokens.js';
import { clientInfo } from './client-info.js';
import { GoogleOAuthClient } from './google-oauth.client.js';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const OAUTH_STATE_TTL_SECONDS = 600;

interface OAuthState {
  redirect: string;
  reauth: boolean;
}

/** Sign-in, registration, email links, password resets, Google, re-authentication and sign-out. */
@ApiTags('auth')
@Controller()
@UseGuards(PublicRateLimitGuard)
export class AuthController {
  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly sessions: SessionService,
    private readonly limiter: RateLimiter,
    private readonly google: GoogleOAuthClient,
  ) {}

  @Get('auth/user')
  @ApiOperation({ summary: 'The signed-in user, or 401 when signed out' })
  async user(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    res.setHeader('Cache-Control', 'no-store');
    const session = await this.sessions.current(req);
    if (!session) throw new AppError(ErrorCodes.UNAUTHORIZED, 'Not signed in');
    let user: PublicUser;
    try {
      user = await this.services.request<PublicUser>(IdentityPatterns.getUser, { userId: session.data.userId });
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCodes.NOT_FOUND) {
        await this.sessions.signOut(req, res);
        throw new AppError(ErrorCodes.UNAUTHORIZED, 'Not signed in');
      }
      throw error;
    }
    const reauthUntil = session.data.reauthAt ? session.data.reauthAt + REAUTH_WINDOW_MS : 0;
    return {
      ...user,
      isPremium: false,
      reauthenticatedUntil: reauthUntil > Date.now() ? new Date(reauthUntil).toISOString() : null,
    };
  }

  @Post('auth/login')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Signs in with email and password (5 failures per account and IP per 15 minutes, then 429)',
  })
  async login(
    @Body(new ZodBody(loginBodySchema)) body: { email: string; password: string },
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LoginResponse> {
    const client = clientInfo(req);
    const failures = {
      key: `login-fail:${body.email}:${client.ip}`,
      max: this.config.RATE_LIMIT_LOGIN_FAILURES_PER_15_MIN,
      windowMs: FIFTEEN_MINUTES,
    };
    try {
      await this.limiter.check(failures);
    } catch (error) {
      await this.audit.record({ action: AuditActions.loginRateLimited, email: body.email, ...client });
      throw error;
    }
    let user: PublicUser;
    try {
      user = await this.services.request<PublicUser>(IdentityPatterns.verifyCredentials, body);
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCodes.INVALID_CREDENTIALS) {
        await this.limiter.record(failures);
        await this.audit.record({
          action: AuditActions.loginFailed,
          email: body.email,
          ...client,
          details: { reason: 'invalid_credentials' },
        });
      } else if (error instanceof AppError && error.code === ErrorCodes.EMAIL_NOT_VERIFIED) {
        await this.audit.record({
          action: AuditActions.loginFailed,
          email: body.email,
          ...client,
          details: { reason: 'email_not_verified' },
        });
      }
      throw error;
    }
    await this.limiter.reset(failures);
    await this.sessions.signIn(req, res, user.id);
    await this.audit.record({
      action: AuditActions.loginSucceeded,
      userId: user.id,
      email: user.email,
      ...client,
      details: { method: 'password' },
    });
    return { message: 'Login successful', user };
  }

  @Post('auth/register')
  @HttpCode(201)
  @ApiOperation({ summary: 'Creates an account; with email verification on, sign-in waits for the emailed link' })
  async register(
    @Body(new ZodBody(registerBodySchema)) body: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<RegisterResponse> {
    const reply = await this.services.request<RegisterReply>(IdentityPatterns.register, {
      ...body,
      appUrl: appUrl(req, this.config),
    });
    await this.audit.record({
      action: AuditActions.registered,
      userId: reply.user.id,
      email: reply.user.email,
      ...clientInfo(req),
    });
    if (reply.requiresVerification) {
      return {
        requiresVerification: true,
        message: 'Account created. We sent an activation link to your email: follow it, then sign in.',
        user: reply.user,
      };
    }
    await this.sessions.signIn(req, res, reply.user.id);
    return { requiresVerification: false, message: 'Account created. Welcome!', user: reply.user };
  }

  @Post('auth/forgot-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mails a reset link if the account exists; answers the same either way' })
  async forgotPassword(@Body(new ZodBody(forgotPasswordBodySchema)) body: { email: string }, @Req() req: Request) {
    const client = clientInfo(req);
    await this.limiter.hit({ key: `forgot:${body.email}:${client.ip}`, max: 5, windowMs: FIFTEEN_MINUTES });
    const reply = await this.services.request<{ message: string; userId?: string }>(
      IdentityPatterns.requestPasswordReset,
      {
        email: body.email,
        appUrl: appUrl(req, this.config),
      },
    );
    await this.audit.record({
      action: AuditActions.passwordResetRequested,
      userId: reply.userId ?? null,
      email: body.email,
      ...client,
    });
    return { message: reply.message };
  }

  @Post('auth/reset-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sets a new password with a single-use emailed token; signs the account out everywhere' })
  async resetPassword(
    @Body(new ZodBody(resetPasswordBodySchema)) body: { token: string; password: string },
    @Req() req: Request,
  ) {
    const reply = await this.services.request<AccountReply>(IdentityPatterns.completePasswordReset, body);
    await this.sessions.signOutEverywhere(reply.userId);
    await this.audit.record({
      action: AuditActions.passwordReset,
      userId: reply.userId,
      email: reply.email,
      ...clientInfo(req),
    });
    return { message: 'Password reset successful. You can now sign in with your new password.' };
  }

  @Post('auth/verify-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Re-authenticates the signed-in user with their password for the next 10 minutes' })
  async verifyPassword(
    @Body(new ZodBody(verifyPasswordBodySchema)) body: { email: string; password: string },
    @Req() req: Request,
  ): Promise<ReauthResponse> {
    const session = await this.sessions.require(req);
    const client = clientInfo(req);
    const failures = {
      key: `reauth-fail:${session.data.userId}:${client.ip}`,
      max: this.config.RATE_LIMIT_LOGIN_FAILURES_PER_15_MIN,
      windowMs: FIFTEEN_MINUTES,
    };
    await this.limiter.check(failures);
    try {
      await this.services.request(IdentityPatterns.verifyPassword, { ...body, userId: session.data.userId });
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCodes.REAUTH_FAILED) {
        await this.limiter.record(failures);
        await this.audit.record({ action: AuditActions.reauthFailed, userId: session.data.userId, ...client });
      }
      throw error;
    }
    await this.limiter.reset(failures);
    return this.markReauthenticated(session, req, 'password');
  }

  @Post('auth/confirm-oauth-reauth')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Re-authenticates a Google account: accepted within 10 minutes of a Google sign-in, else answers where to go',
  })
  async confirmOAuthReauth(@Req() req: Request): Promise<ReauthResponse> {
    const session = await this.sessions.require(req);
    if (session.data.googleAuthAt && Date.now() - session.data.googleAuthAt < REAUTH_WINDOW_MS) {
      return this.markReauthenticated(session, req, 'google');
    }
    const back = localRedirectSchema.safeParse(new URL(req.get('referer') ?? '/', 'http://x').pathname);
    throw new AppError(ErrorCodes.REAUTH_REQUIRED, 'Please confirm it is you with Google.', {
      redirectUrl: `/api/auth/google?reauth=1&redirect=${encodeURIComponent(back.success ? back.data : '/privacy')}`,
    });
  }

  @Post('auth/verify-email')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sends the verification link again (same answer whether or not the account exists)' })
  async resendVerification(@Body(new ZodBody(verifyEmailBodySchema)) body: { email: string }, @Req() req: Request) {
    await this.limiter.hit({
      key: `verify-mail:${body.email}:${clientInfo(req).ip}`,
      max: 5,
      windowMs: FIFTEEN_MINUTES,
    });
    return this.services.request<{ message: string }>(IdentityPatterns.sendEmailVerification, {
      email: body.email,
      appUrl: appUrl(req, this.config),
    });
  }

  @Get('auth/verify-email/:token')
  @ApiOperation({ summary: 'Follows an emailed verification link, then redirects to the sign-in dialog' })
  async confirmEmail(@Param('token') token: string, @Req() req: Request, @Res() res: Response) {
    try {
      const reply = await this.services.request<AccountReply>(IdentityPatterns.confirmEmail, {
        token: token.slice(0, 200),
      });
      await this.audit.record({
        action: AuditActions.emailVerified,
        userId: reply.userId,
        email: reply.email,
        ...clientInfo(req),
      });
      res.redirect(302, '/?login=true&verified=1');
    } catch (error) {
      const message = error instanceof AppError ? error.message : 'This verification link could not be used.';
      res.redirect(302, `/?login=true&error=${encodeURIComponent(message)}`);
    }
  }

  @Post('auth/demo-login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Signs into the demo account (only when DEMO_LOGIN=true)' })
  async demoLogin(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<LoginResponse> {
    const user = await this.services.request<PublicUser>(IdentityPatterns.demoUser, {});
    await this.sessions.signIn(req, res, user.id);
    await this.audit.record({
      action: AuditActions.loginSucceeded,
      userId: user.id,
      email: user.email,
      ...clientInfo(req),
      details: { method: 'demo' },
    });
    return { message: 'Login successful', user };
  }

  @Get('auth/google')
  @ApiOperation({ summary: 'Starts Google sign-in; `redirect` is the local path to return to' })
  async googleStart(
    @Query('redirect') redirect: unknown,
    @Query('reauth') reauth: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    if (!this.google.enabled) {
      res.redirect(302, `/?login=true&error=${encodeURIComponent('Google sign-in is not available right now.')}`);
      return;
    }
    const target = localRedirectSchema.safeParse(typeof redirect === 'string' && redirect ? redirect : '/');
    const state = randomBytes(24).toString('base64url');
    const stored: OAuthState = { redirect: target.success ? target.data : '/', reauth: reauth === '1' };
    await this.redis.set(this.stateKey(state), JSON.stringify(stored), 'EX', OAUTH_STATE_TTL_SECONDS);
    writeCookie(req, res, OAUTH_STATE_COOKIE, state, {
      maxAgeMs: OAUTH_STATE_TTL_SECONDS * 1000,
      path: '/api/auth/google',
      secure: this.config.COOKIE_SECURE,
    });
    res.redirect(
      302,
      this.google.authorizationUrl({ redirectUri: this.callbackUrl(req), state, reauth: stored.reauth }),
    );
  }

  @Get('auth/google/callback')
  @ApiOperation({ summary: 'Where Google returns; signs in and redirects to the path given at the start' })
  async googleCallback(@Query() query: Record<string, unknown>, @Req() req: Request, @Res() res: Response) {
    const fail = (message: string) => res.redirect(302, `/?login=true&error=${encodeURIComponent(message)}`);
    const state = typeof query.state === 'string' ? query.state : '';
    const cookieState = readCookie(req, OAUTH_STATE_COOKIE);
    clearCookie(res, OAUTH_STATE_COOKIE, '/api/auth/google');
    const raw = state && state === cookieState ? await this.redis.getdel(this.stateKey(state)) : null;
    if (!raw) return fail('Google sign-in expired or was started elsewhere. Please try again.');
    const stored = JSON.parse(raw) as OAuthState;
    if (typeof query.error === 'string') return fail('Google sign-in was cancelled.');
    if (typeof query.code !== 'string' || !query.code)
      return fail('Google did not confirm the sign-in. Please try again.');
    const client = clientInfo(req);
    try {
      const identity = await this.google.identify(query.code, this.callbackUrl(req));
      const user = await this.services.request<PublicUser>(IdentityPatterns.googleSignIn, identity);
      const session = await this.sessions.current(req);
      const now = Date.now();
      if (stored.reauth && session?.data.userId === user.id) {
        session.data.googleAuthAt = now;
        session.data.reauthAt = now;
        await this.sessions.update(session);
        await this.audit.record({
          action: AuditActions.reauthSucceeded,
          userId: user.id,
          ...client,
          details: { method: 'google' },
        });
      } else {
        await this.sessions.signIn(req, res, user.id, { googleAuthAt: now });
        await this.audit.record({ action: AuditActions.googleSignIn, userId: user.id, email: user.email, ...client });
      }
      res.redirect(302, stored.redirect);
    } catch (error) {
      await this.audit.record({ action: AuditActions.loginFailed, ...client, details: { method: 'google' } });
      fail(error instanceof AppError ? error.message : 'Google sign-in failed. Please try again.');
    }
  }

  @Post('auth/logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'Signs out: the session is destroyed on the server' })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const session = await this.sessions.signOut(req, res);
    if (session)
      await this.audit.record({ action: AuditActions.logout, userId: session.data.userId, ...clientInfo(req) });
    return { message: 'Logged out' };
  }

  @Get('logout')
  @ApiOperation({ summary: 'Signs out and returns to the home page' })
  async logoutAndGoHome(@Req() req: Request, @Res() res: Response) {
    await this.logout(req, res);
    res.redirect(302, '/');
  }

  private async markReauthenticated(
    session: NonNullable<Awaited<ReturnType<SessionService['current']>>>,
    req: Request,
    method: 'password' | 'google',
  ): Promise<ReauthResponse> {
    session.data.reauthAt = Date.now();
    await this.sessions.update(session);
    await this.audit.record({
      action: AuditActions.reauthSucceeded,
      userId: session.data.userId,
      ...clientInfo(req),
      details: { method },
    });
    return { verified: true, reauthenticatedUntil: new Date(session.data.reauthAt + REAUTH_WINDOW_MS).toISOString() };
  }

  private callbackUrl(req: Request) {
    return `${appUrl(req, this.config)}/api/auth/google/callback`;
  }

  private stateKey(state: string) {
    return `${this.config.REDIS_PREFIX}:oauth-state:${state}`;
  }
}
