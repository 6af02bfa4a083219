import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import {
  checkPasswordResetRequestSchema,
  completePasswordResetRequestSchema,
  confirmEmailRequestSchema,
  getUserRequestSchema,
  googleSignInRequestSchema,
  IdentityPatterns,
  notifyAccountLockedRequestSchema,
  registerRequestSchema,
  requestPasswordResetRequestSchema,
  sendEmailVerificationRequestSchema,
  verifyCredentialsRequestSchema,
  verifyPasswordRequestSchema,
} from '@medical-qr/contracts';
import { ZodPayload } from '@medical-qr/platform';
import { AccountsService } from './accounts.service.js';

/** The identity service's NATS interface; every payload is validated here, whoever sent it. */
@Controller()
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @MessagePattern(IdentityPatterns.register)
  register(@Payload(new ZodPayload(registerRequestSchema)) request: z.infer<typeof registerRequestSchema>) {
    return this.accounts.register(request);
  }

  @MessagePattern(IdentityPatterns.verifyCredentials)
  verifyCredentials(
    @Payload(new ZodPayload(verifyCredentialsRequestSchema))
    { email, password }: z.infer<typeof verifyCredentialsRequestSchema>,
  ) {
    return this.accounts.verifyCredentials(email, password);
  }

  @MessagePattern(IdentityPatterns.getUser)
  getUser(@Payload(new ZodPayload(getUserRequestSchema)) { userId }: z.infer<typeof getUserRequestSchema>) {
    return this.accounts.getUser(userId);
  }

  @MessagePattern(IdentityPatterns.requestPasswordReset)
  requestPasswordReset(
    @Payload(new ZodPayload(requestPasswordResetRequestSchema))
    { email, appUrl }: z.infer<typeof requestPasswordResetRequestSchema>,
  ) {
    return this.accounts.requestPasswordReset(email, appUrl);
  }

  @MessagePattern(IdentityPatterns.completePasswordReset)
  completePasswordReset(
    @Payload(new ZodPayload(completePasswordResetRequestSchema))
    { token, password }: z.infer<typeof completePasswordResetRequestSchema>,
  ) {
    return this.accounts.completePasswordReset(token, password);
  }

  @MessagePattern(IdentityPatterns.checkPasswordReset)
  checkPasswordReset(
    @Payload(new ZodPayload(checkPasswordResetRequestSchema))
    { token }: z.infer<typeof checkPasswordResetRequestSchema>,
  ) {
    return this.accounts.checkPasswordReset(token);
  }

  @MessagePattern(IdentityPatterns.verifyPassword)
  verifyPassword(
    @Payload(new ZodPayload(verifyPasswordRequestSchema))
    { userId, email, password }: z.infer<typeof verifyPasswordRequestSchema>,
  ) {
    return this.accounts.verifyPassword(userId, email, password);
  }

  @MessagePattern(IdentityPatterns.sendEmailVerification)
  sendEmailVerification(
    @Payload(new ZodPayload(sendEmailVerificationRequestSchema))
    { email, appUrl }: z.infer<typeof sendEmailVerificationRequestSchema>,
  ) {
    return this.accounts.resendVerification(email, appUrl);
  }

  @MessagePattern(IdentityPatterns.confirmEmail)
  confirmEmail(
    @Payload(new ZodPayload(confirmEmailRequestSchema)) { token }: z.infer<typeof confirmEmailRequestSchema>,
  ) {
    return this.accounts.confirmEmail(token);
  }

  @MessagePattern(IdentityPatterns.googleSignIn)
  googleSignIn(@Payload(new ZodPayload(googleSignInRequestSchema)) request: z.infer<typeof googleSignInRequestSchema>) {
    return this.accounts.googleSignIn(request);
  }

  @MessagePattern(IdentityPatterns.notifyAccountLocked)
  notifyAccountLocked(
    @Payload(new ZodPayload(notifyAccountLockedRequestSchema))
    request: z.infer<typeof notifyAccountLockedRequestSchema>,
  ) {
    return this.accounts.notifyAccountLocked(request);
  }

  @MessagePattern(IdentityPatterns.demoUser)
  demoUser() {
    return this.accounts.demoUser();
  }
}
