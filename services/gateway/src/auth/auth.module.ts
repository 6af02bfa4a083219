import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { SessionModule } from '../session/session.module.js';
import { AnonymousCodeClaim } from './anonymous-code-claim.js';
import { CurrentUserController } from './current-user.controller.js';
import { CurrentUserBuilder } from './current-user.builder.js';
import { GoogleController } from './google.controller.js';
import { GoogleOAuthClient } from './google-oauth.client.js';
import { GoogleOAuthState } from './google-oauth-state.js';
import { GoogleSignInGuard } from './google-sign-in.guard.js';
import { GoogleStrategy } from './google.strategy.js';
import { PasswordController } from './password.controller.js';
import { PremiumStatusReader } from './premium-status.reader.js';
import { ReauthController } from './reauth.controller.js';
import { Reauthentication } from './reauthentication.js';
import { RecoveryController } from './recovery.controller.js';
import { routesController } from '../routes/routes-controller.js';
import { RECOVERY_ROUTES } from './auth.routes.js';
import { SignInAttempts } from './sign-in-attempts.js';

/** Accounts over HTTP: who is signed in, password and demo sign-in, recovery, Google, re-authentication. */
@Module({
  // No passport session: the gateway's own session service signs the person in (Redis, with id rotation).
  imports: [SessionModule, RateLimitModule, PassportModule.register({ session: false })],
  controllers: [
    CurrentUserController,
    PasswordController,
    routesController('AuthRoutesController', 'auth', RECOVERY_ROUTES),
    RecoveryController,
    GoogleController,
    ReauthController,
  ],
  providers: [
    AnonymousCodeClaim,
    CurrentUserBuilder,
    PremiumStatusReader,
    SignInAttempts,
    Reauthentication,
    GoogleOAuthClient,
    GoogleOAuthState,
    GoogleStrategy,
    GoogleSignInGuard,
  ],
})
export class AuthModule {}
