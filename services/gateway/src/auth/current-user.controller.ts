import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { type CurrentUser, currentUserSchema, ErrorCodes, type PublicUser, IdentityApi } from '@medical-qr/contracts';
import { AppError, SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import { clearSessionHint } from '../session/cookies.js';
import { SessionService } from '../session/session.service.js';
import { CurrentUserBuilder } from './current-user.builder.js';

const NOT_SIGNED_IN = 'Not signed in';

/** Who is signed in: asked on every page load, so it is never rate limited. */
@ApiTags('auth')
@Controller('auth')
export class CurrentUserController {
  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    private readonly sessions: SessionService,
    private readonly currentUser: CurrentUserBuilder,
  ) {}

  @Get('user')
  @ApiOperation({ summary: 'The signed-in user, or 401 when signed out' })
  @ApiOkResponse({ standardSchema: currentUserSchema })
  async user(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<CurrentUser> {
    res.setHeader('Cache-Control', 'no-store');
    const session = await this.sessions.current(req);
    if (!session) {
      // A hint outliving its session (expired, ended elsewhere) goes, so the page stops asking.
      clearSessionHint(res);
      throw new AppError(ErrorCodes.UNAUTHORIZED, NOT_SIGNED_IN);
    }
    let user: PublicUser;
    try {
      user = await this.services.send(IdentityApi.getUser, { userId: session.data.userId });
    } catch (error) {
      // The account is gone (erased elsewhere): so is this session.
      if (error instanceof AppError && error.code === ErrorCodes.NOT_FOUND) {
        await this.sessions.signOut(req, res);
        throw new AppError(ErrorCodes.UNAUTHORIZED, NOT_SIGNED_IN);
      }
      throw error;
    }
    return this.currentUser.build(user, session.data);
  }
}
