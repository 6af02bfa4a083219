import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import {
  type AccountReply,
  AuthMessages,
  type ConfirmEmailReply,
  ErrorCodes,
  type GoogleSignInRequest,
  type MailJob,
  type PublicUser,
  Queues,
  type RegisterReply,
  type RegisterRequest,
  type SignInReply,
} from '@medical-qr/contracts';
import { AppError, CONFIG, InjectQueue, type JobQueue } from '@medical-qr/platform';
import type { IdentityConfig } from '../config.js';
import { passwordResetMail, verificationMail } from '../mail/mail-templates.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { EmailTokensRepository } from '../tokens/email-tokens.repository.js';
import { toPublicUser, UsersRepository, type User } from '../users/users.repository.js';

const DEMO_EMAIL = 'demo@medicalqr.local';

/** Accounts: registration, sign-in checks, email verification, password resets and re-authentication. */
@Injectable()
export class AccountsService {
  constructor(
    @Inject(CONFIG) private readonly config: IdentityConfig,
    private readonly users: UsersRepository,
    private readonly tokens: EmailTokensRepository,
    private readonly hasher: PasswordHasher,
    @InjectQueue(Queues.identityMail) private readonly mail: JobQueue<MailJob>,
  ) {}

  async register(request: RegisterRequest): Promise<RegisterReply> {
    if (await this.users.findByEmail(request.email)) throw this.emailTaken();
    const user = await this.users.insert({
      email: request.email,
      passwordHash: await this.hasher.hash(request.password),
      firstName: request.firstName,
      lastName: request.lastName,
      phoneNumber: request.phoneNumber || null,
      emailVerified: !this.config.EMAIL_VERIFICATION,
    });
    if (!user) throw this.emailTaken();
    // Without verification the gateway signs the new account in at once: that is its first sign-in.
    if (this.config.EMAIL_VERIFICATION) await this.sendVerification(user, request.appUrl);
    else await this.users.recordSignIn(user.id);
    return { user: toPublicUser(user), requiresVerification: this.config.EMAIL_VERIFICATION };
  }

  async verifyCredentials(email: string, password: string): Promise<SignInReply> {
    const user = await this.users.findByEmail(email);
    const valid = user?.passwordHash
      ? await this.hasher.verify(user.passwordHash, password)
      : await this.hasher.verifyAgainstDecoy(password);
    if (!user || !valid) throw new AppError(ErrorCodes.INVALID_CREDENTIALS, AuthMessages.invalidCredentials);
    if (this.config.EMAIL_VERIFICATION && !user.emailVerifiedAt) {
      throw new AppError(ErrorCodes.EMAIL_NOT_VERIFIED, AuthMessages.verifyBeforeLogin, { requiresVerification: true });
    }
    return { user: toPublicUser(user), firstSignIn: await this.users.recordSignIn(user.id) };
  }

  async getUser(userId: string): Promise<PublicUser> {
    const user = await this.users.findById(userId);
    if (!user) throw AppError.notFound('No such user');
    return toPublicUser(user);
  }

  /** Always answers the same way, whether or not the address has an account. */
  async requestPasswordReset(email: string, appUrl: string): Promise<{ message: string; userId?: string }> {
    const user = await this.users.findByEmail(email);
    if (user && !user.isDemo) {
      const token = await this.tokens.issue(user.id, 'reset_password');
      await this.queueMail(passwordResetMail(user.email, user.firstName, `${appUrl}/reset-password/${token}`));
    }
    return { message: AuthMessages.forgotPasswordSent, userId: user?.id };
  }

  /** Refuses a reset link that can no longer be used, without using it (the reset page checks on opening). */
  async checkPasswordReset(token: string): Promise<{ valid: true }> {
    if (!(await this.tokens.isUsable(token, 'reset_password')))
      throw new AppError(ErrorCodes.GONE, AuthMessages.resetInvalid);
    return { valid: true };
  }

  async completePasswordReset(token: string, password: string): Promise<AccountReply> {
    const userId = await this.tokens.consume(token, 'reset_password');
    const user = userId && (await this.users.findById(userId));
    if (!user) throw AppError.validation(AuthMessages.resetInvalid);
    await this.users.setPassword(user.id, await this.hasher.hash(password));
    // Following the emailed link proves the address, too.
    await this.users.markEmailVerified(user.id);
    return { userId: user.id, email: user.email };
  }

  async verifyPassword(userId: string, email: string, password: string): Promise<{ verified: true }> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError(ErrorCodes.REAUTH_FAILED, 'Invalid credentials. Please try again.');
    if (!user.passwordHash) {
      throw new AppError(
        ErrorCodes.OAUTH_NO_PASSWORD,
        'This account signs in with Google. Confirm it with Google instead.',
      );
    }
    const sameAccount = user.email === email.trim().toLowerCase();
    const valid = await this.hasher.verify(user.passwordHash, password);
    if (!sameAccount || !valid) throw new AppError(ErrorCodes.REAUTH_FAILED, 'Invalid credentials. Please try again.');
    return { verified: true };
  }

  /** Re-sends the verification link to an unverified account; answers the same way otherwise. */
  async resendVerification(email: string, appUrl: string): Promise<{ message: string }> {
    const user = await this.users.findByEmail(email);
    if (user && !user.emailVerifiedAt) await this.sendVerification(user, appUrl);
    return { message: AuthMessages.verificationSent };
  }

  /** A link followed again for an account verified since says so, instead of calling the link broken. */
  async confirmEmail(token: string): Promise<ConfirmEmailReply> {
    const userId = await this.tokens.consume(token, 'verify_email');
    const user = userId && (await this.users.findById(userId));
    if (user) {
      await this.users.markEmailVerified(user.id);
      return { userId: user.id, email: user.email, alreadyVerified: user.emailVerifiedAt !== null };
    }
    const ownerId = await this.tokens.ownerOf(token, 'verify_email');
    const owner = ownerId && (await this.users.findById(ownerId));
    if (owner && owner.emailVerifiedAt) return { userId: owner.id, email: owner.email, alreadyVerified: true };
    throw AppError.validation(
      'This verification link has expired or was already used. Request a new one from the sign-in dialog.',
    );
  }

  /** Signs in with Google, noting the sign-in (a new account's first). */
  async googleSignIn(request: GoogleSignInRequest): Promise<SignInReply> {
    const user = await this.googleAccount(request);
    return { user: toPublicUser(user), firstSignIn: await this.users.recordSignIn(user.id) };
  }

  /**
   * The account linked to this Google id, else the account with the same (Google-verified) email,
   * which gets linked, else a new account without a password.
   */
  private async googleAccount(request: GoogleSignInRequest): Promise<User> {
    const linked = await this.users.findByGoogleSub(request.sub);
    if (linked) return linked;
    if (!request.emailVerified) {
      throw new AppError(
        ErrorCodes.UNAUTHORIZED,
        'Google has not verified this email address, so it cannot be used to sign in.',
      );
    }
    const existing = await this.users.findByEmail(request.email);
    if (existing) {
      await this.users.linkGoogle(existing.id, request.sub);
      return (await this.users.findById(existing.id))!;
    }
    const created = await this.users.insert({
      email: request.email,
      passwordHash: null,
      firstName: request.givenName || request.email.split('@')[0]!,
      lastName: request.familyName || '',
      googleSub: request.sub,
      emailVerified: true,
    });
    return created ?? this.googleAccount(request); // created by a concurrent sign-in: link to it
  }

  async demoUser(): Promise<PublicUser> {
    if (!this.config.DEMO_LOGIN)
      throw AppError.notFound('Demo login is not available. Please try the regular sign in above.');
    const existing = await this.users.findByEmail(DEMO_EMAIL);
    if (existing) return toPublicUser(existing);
    const created = await this.users.insert({
      email: DEMO_EMAIL,
      passwordHash: await this.hasher.hash(randomBytes(24).toString('base64url')),
      firstName: 'Demo',
      lastName: 'User',
      emailVerified: true,
      isDemo: true,
    });
    return toPublicUser(created ?? (await this.users.findByEmail(DEMO_EMAIL))!);
  }

  private async sendVerification(user: User, appUrl: string) {
    const token = await this.tokens.issue(user.id, 'verify_email');
    await this.queueMail(verificationMail(user.email, user.firstName, `${appUrl}/verify-email/${token}`));
  }

  private async queueMail(mail: MailJob) {
    // The job holds a live link: drop it from Redis as soon as it is sent.
    await this.mail.add('send', mail, { removeOnComplete: true, removeOnFail: 100 });
  }

  private emailTaken() {
    return new AppError(ErrorCodes.CONFLICT, 'An account with this email already exists. Please sign in.');
  }
}
