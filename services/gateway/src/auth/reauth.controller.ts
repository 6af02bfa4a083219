import { Body, Controller, HttpCode, Inject, Post, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  AuditActions,
  ErrorCodes,
  localRedirectSchema,
  REAUTH_WINDOW_MS,
  type ReauthResponse,
  reauthResponseSchema,
  verifyPasswordBodySchema,
  IdentityApi,
} from '@medical-qr/contracts';
import { AppError, type AuditTrail, SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { appUrl } from '../http/app-url.js';
import { clientInfo } from '../http/client-info.js';
import { NoStoreInterceptor } from '../http/no-store.interceptor.js';
import { SessionGuard } from '../session/session.guard.js';
import type { CurrentSession } from '../session/session.service.js';
import { SignedIn } from '../session/signed-in.decorator.js';
import { AUDIT_TRAIL, GATEWAY_CONFIG } from '../tokens.js';
import { Reauthentication } from './reauthentication.js';
import { ACCOUNT_LOCK_MINUTES, SignInAttempts } from './sign-in-attempts.js';

/** Confirming it is still the signed-in person, before destructive privacy actions. */
@ApiTags('auth')
@Controller('auth')
@UseGuards(SessionGuard)
// Sign-in answers (users, reset links, session cookies) never sit in a browser or shared cache.
@UseInterceptors(NoStoreInterceptor)
export class ReauthController {
  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly attempts: SignInAttempts,
    private readonly reauthentication: Reauthentication,
  ) {}

  @Post('verify-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Re-authenticates the signed-in user with their password for the next 10 minutes' })
  @ApiOkResponse({ standardSchema: reauthResponseSchema })
  async verifyPassword(
    @Body({ schema: verifyPasswordBodySchema }) body: { email: string; password: string },
    @SignedIn() session: CurrentSession,
    @Req() req: Request,
  ): Promise<ReauthResponse> {
    const { userId } = session.data;
    const client = clientInfo(req);
    await this.attempts
      .run({
        account: { kind: 'reauth', userId },
        ip: client.ip,
        check: () => this.services.send(IdentityApi.verifyPassword, { ...body, userId }),
        isWrongPassword: (error) => error instanceof AppError && error.code === ErrorCodes.REAUTH_FAILED,
        onAccountLocked: async () => {
          await this.services.send(IdentityApi.notifyAccountLocked, {
            userId,
            appUrl: appUrl(req, this.config),
            minutes: ACCOUNT_LOCK_MINUTES,
          });
        },
      })
      .catch(async (error: unknown) => {
        if (error instanceof AppError && error.code === ErrorCodes.REAUTH_FAILED)
          await this.audit.record({ action: AuditActions.reauthFailed, userId, ...client });
        throw error;
      });
    return this.reauthentication.confirm(session, req, 'password');
  }

  @Post('confirm-oauth-reauth')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Re-authenticates a Google account: accepted within 10 minutes of a Google sign-in, else answers where to go',
  })
  @ApiOkResponse({ standardSchema: reauthResponseSchema })
  async confirmOAuthReauth(@SignedIn() session: CurrentSession, @Req() req: Request): Promise<ReauthResponse> {
    if (session.data.googleAuthAt && Date.now() - session.data.googleAuthAt < REAUTH_WINDOW_MS) {
      return this.reauthentication.confirm(session, req, 'google');
    }
    throw new AppError(ErrorCodes.REAUTH_REQUIRED, 'Please confirm it is you with Google.', {
      redirectUrl: `/api/auth/google?reauth=1&redirect=${encodeURIComponent(pageToReturnTo(req))}`,
    });
  }
}

/** The local page the request came from (its Referer), to come back to after Google; else the privacy page. */
function pageToReturnTo(req: Request): string {
  try {
    const back = localRedirectSchema.safeParse(new URL(req.get('referer') ?? '/', 'http://x').pathname);
    return back.success ? back.data : '/privacy';
  } catch {
    return '/privacy';
  }
}
