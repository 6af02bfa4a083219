import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  completePasswordResetRequestSchema,
  confirmEmailRequestSchema,
  getUserRequestSchema,
  googleSignInRequestSchema,
  IdentityPatterns,
  registerRequestSchema,
  requestPasswordResetRequestSchema,
  sendEmailVerificationRequestSchema,
  verifyCredentialsRequestSchema,
  verifyPasswordRequestSchema,
} from '@medical-qr/contracts';
import { parseOrThrow } from '@medical-qr/platform';
import { AccountsService } from './accounts.service.js';

/** The identity service's NATS interface; every payload is validated here, whoever sent it. */
@Controller()
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @MessagePattern(IdentityPatterns.register)
  register(@Payload() payload: unknown) {
    return this.accounts.register(parseOrThrow(registerRequestSchema, payload));
  }

  @MessagePattern(IdentityPatterns.verifyCredentials)
  verifyCredentials(@Payload() payload: unknown) {
    const { email, password } = parseOrThrow(verifyCredentialsRequestSchema, payload);
    return this.accounts.verifyCredentials(email, password);
  }

  @MessagePattern(IdentityPatterns.getUser)
  getUser(@Payload() payload: unknown) {
    return this.accounts.getUser(parseOrThrow(getUserRequestSchema, payload).userId);
  }

  @MessagePattern(IdentityPatterns.requestPasswordReset)
  requestPasswordReset(@Payload() payload: unknown) {
    const { email, appUrl } = parseOrThrow(requestPasswordResetRequestSchema, payload);
    return this.accounts.requestPasswordReset(email, appUrl);
  }

  @MessagePattern(IdentityPatterns.completePasswordReset)
  completePasswordReset(@Payload() payload: unknown) {
    const { token, password } = parseOrThrow(completePasswordResetRequestSchema, payload);
    return this.accounts.completePasswordReset(token, password);
  }

  @MessagePattern(IdentityPatterns.verifyPassword)
  verifyPassword(@Payload() payload: unknown) {
    const { userId, email, password } = parseOrThrow(verifyPasswordRequestSchema, payload);
    return this.accounts.verifyPassword(userId, email, password);
  }

  @MessagePattern(IdentityPatterns.sendEmailVerification)
  sendEmailVerification(@Payload() payload: unknown) {
    const { email, appUrl } = parseOrThrow(sendEmailVerificationRequestSchema, payload);
    return this.accounts.resendVerification(email, appUrl);
  }

  @MessagePattern(IdentityPatterns.confirmEmail)
  confirmEmail(@Payload() payload: unknown) {
    return this.accounts.confirmEmail(parseOrThrow(confirmEmailRequestSchema, payload).token);
  }

  @MessagePattern(IdentityPatterns.googleSignIn)
  googleSignIn(@Payload() payload: unknown) {
    return this.accounts.googleSignIn(parseOrThrow(googleSignInRequestSchema, payload));
  }

  @MessagePattern(IdentityPatterns.demoUser)
  demoUser() {
    return this.accounts.demoUser();
  }
}
