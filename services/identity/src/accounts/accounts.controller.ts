import { Controller } from '@nestjs/common';
import { IdentityApi, type MessagePayload } from '@medical-qr/contracts';
import { Handles } from '@medical-qr/platform';
import { AccountsService } from './accounts.service.js';

/** The identity service's NATS interface; every payload is validated here, whoever sent it. */
@Controller()
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @Handles(IdentityApi.register)
  register(request: MessagePayload<typeof IdentityApi.register>) {
    return this.accounts.register(request);
  }

  @Handles(IdentityApi.verifyCredentials)
  verifyCredentials({ email, password }: MessagePayload<typeof IdentityApi.verifyCredentials>) {
    return this.accounts.verifyCredentials(email, password);
  }

  @Handles(IdentityApi.getUser)
  getUser({ userId }: MessagePayload<typeof IdentityApi.getUser>) {
    return this.accounts.getUser(userId);
  }

  @Handles(IdentityApi.requestPasswordReset)
  requestPasswordReset({ email, appUrl }: MessagePayload<typeof IdentityApi.requestPasswordReset>) {
    return this.accounts.requestPasswordReset(email, appUrl);
  }

  @Handles(IdentityApi.completePasswordReset)
  completePasswordReset({ token, password }: MessagePayload<typeof IdentityApi.completePasswordReset>) {
    return this.accounts.completePasswordReset(token, password);
  }

  @Handles(IdentityApi.checkPasswordReset)
  checkPasswordReset({ token }: MessagePayload<typeof IdentityApi.checkPasswordReset>) {
    return this.accounts.checkPasswordReset(token);
  }

  @Handles(IdentityApi.verifyPassword)
  verifyPassword({ userId, email, password }: MessagePayload<typeof IdentityApi.verifyPassword>) {
    return this.accounts.verifyPassword(userId, email, password);
  }

  @Handles(IdentityApi.sendEmailVerification)
  sendEmailVerification({ email, appUrl }: MessagePayload<typeof IdentityApi.sendEmailVerification>) {
    return this.accounts.resendVerification(email, appUrl);
  }

  @Handles(IdentityApi.confirmEmail)
  confirmEmail({ token }: MessagePayload<typeof IdentityApi.confirmEmail>) {
    return this.accounts.confirmEmail(token);
  }

  @Handles(IdentityApi.googleSignIn)
  googleSignIn(request: MessagePayload<typeof IdentityApi.googleSignIn>) {
    return this.accounts.googleSignIn(request);
  }

  @Handles(IdentityApi.notifyAccountLocked)
  notifyAccountLocked(request: MessagePayload<typeof IdentityApi.notifyAccountLocked>) {
    return this.accounts.notifyAccountLocked(request);
  }

  @Handles(IdentityApi.demoUser)
  demoUser() {
    return this.accounts.demoUser();
  }
}
