import { Inject, Injectable } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  type AccountReply,
  AuthMessages,
  type ConfirmEmailReply,
  ErrorCodes,
  type GoogleSignInRequest,
  type MailJob,
  type NotifyAccountLockedRequest,
  type PublicUser,
  Queues,
  type RegisterReply,
  type RegisterRequest,
  SignInErrors,
  type SignInReply,
} from '@medical-qr/contracts';
import { AppError, CONFIG, InjectQueue, type JobQueue, MailCap, PasswordHasher } from '@medical-qr/platform';
import type { IdentityConfig } from '../config.js';
import {
  accountLockedMail,
  passwordResetMail,
  registrationAttemptMail,
  verificationMail,
} from '../mail/mail-templates.js';
import { EmailTokensRepository } from '../tokens/email-tokens.repository.js';
import { toPublicUser, UsersRepository, type User } from '../users/users.repository.js';

const DEMO_EMAIL = 'demo@medicalqr.local';

/** What registering a new address answers, for an address that has an account (see registerKnownAddress). */
const registrationStandIn = (request: RegisterRequest): PublicUser => ({
  id: randomUUID(),
  firstName: request.firstName,
  lastName: request.lastName,
  email: request.email,
  phoneNumber: request.phoneNumber || null,
  createdAt: new Date().toISOString(),
  isTemporary: false,
  isAuthenticated: true,
  emailVerified: false,
  hasPassword: true,
  hasGoogle: false,
});

/** The names Google gives, or the address's local part when it gives none. */
const googleNames = (request: GoogleSignInRequest) => ({
  firstName: request.givenName || request.email.split('@')[0]!,
  lastName: request.familyName || '',
});

/** Accounts: registration, sign-in checks, email verification, password resets and re-authentication. */
@Injectable()
export class AccountsService {
  constructor(
    @Inject(CONFIG) private readonly config: IdentityConfig,
    private readonly users: UsersRepository,
    private readonly tokens: EmailTokensRepository,
    private readonly hasher: PasswordHasher,
    @InjectQueue(Queues.identityMail) private readonly mail: JobQueue<MailJob>,
    private readonly mailCap: MailCap,
  ) {}

  async register(request: RegisterRequest): Promise<RegisterReply> {
    const passwordHash = await this.hasher.hash(request.password);
    const existing = await this.users.findByEmail(request.email);
    const user = existing
      ? undefined
      : await this.users.insert({
          email: request.email,
          passwordHash,
          firstName: request.firstName,
          lastName: request.lastName,
          phoneNumber: request.phoneNumber || null,
          emailVerified: !this.config.EMAIL_VERIFICATION,
        });
    if (!user) return this.registerKnownAddress(request, existing ?? (await this.users.findByEmail(request.email)));
    // Without verification the gateway signs the new account in at once: that is its first sign-in.
    if (this.config.EMAIL_VERIFICATION) await this.sendVerification(user, request.appUrl);
    else await this.users.recordSignIn(user.id);
    return { user: toPublicUser(user), requiresVerification: this.config.EMAIL_VERIFICATION };
  }

  /**
   * A registration for an address that has an account answers as for a new one (nothing tells a stranger the
   * address is known) and mails the owner instead. Without email verification a new account is signed in at once,
   * which a stand-in cannot imitate: there (local and test runs) it stays a 409.
   */
  private async registerKnownAddress(request: RegisterRequest, owner: User | undefined): Promise<RegisterReply> {
    if (!this.config.EMAIL_VERIFICATION || !owner) throw this.emailTaken();
    if (!owner.isDemo && (await this.mailCap.allows(owner.email))) {
      await this.queueMail(registrationAttemptMail(owner.email, owner.firstName, `${request.appUrl}/?login=true`));
    }
    return { user: registrationStandIn(request), requiresVerification: true, existingAccount: true };
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

  /** Always answers the same way, whether or not the address has an account (or its mails are capped). */
  async requestPasswordReset(email: string, appUrl: string): Promise<{ message: string; userId?: string }> {
    const user = await this.users.findByEmail(email);
    if (user && !user.isDemo && (await this.mailCap.allows(user.email))) {
      const token = await this.tokens.issue(user.id, 'reset_password');
      await this.queueMail(passwordResetMail(user.email, user.firstName, `${appUrl}/reset-password/${token}`));
    }
    return { message: AuthMessages.forgotPasswordSent, userId: user?.id };
  }

  /**
   * Tells the owner that password sign-in is paused after too many wrong guesses, and how to get in meanwhile. The
   * gateway asks once per pause; an unknown address gets nothing.
   */
  async notifyAccountLocked(request: NotifyAccountLockedRequest): Promise<{ notified: boolean }> {
    const user = request.userId
      ? await this.users.findById(request.userId)
      : await this.users.findByEmail(request.email!);
    if (!user || user.isDemo) return { notified: false };
    await this.queueMail(
      accountLockedMail(user.email, user.firstName, `${request.appUrl}/?login=true`, request.minutes),
    );
    return { notified: true };
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
    throw AppError.validation(SignInErrors.verificationLinkUsed.message);
  }

  /** Signs in with Google, noting the sign-in (a new account's first). */
  async googleSignIn(request: GoogleSignInRequest): Promise<SignInReply> {
    const { user, takenOver } = await this.googleAccount(request);
    const firstSignIn = await this.users.recordSignIn(user.id);
    return { user: toPublicUser(user), firstSignIn, ...(takenOver ? { endOtherSessions: true } : {}) };
  }

  /**
   * The account linked to this Google id, else the account with the same (Google-verified) email, which gets
   * linked, else a new account without a password. An account whose email was never verified was made by someone
   * who never proved the address (perhaps to wait for its owner): it is taken over (takeOverUnverified), so that
   * stranger's password and sessions stop working.
   */
  private async googleAccount(request: GoogleSignInRequest): Promise<{ user: User; takenOver: boolean }> {
    const linked = await this.users.findByGoogleSub(request.sub);
    if (linked) return { user: linked, takenOver: false };
    if (!request.emailVerified) {
      throw new AppError(ErrorCodes.UNAUTHORIZED, SignInErrors.googleEmailUnverified.message);
    }
    const existing = await this.users.findByEmail(request.email);
    if (existing) {
      const takenOver =
        !existing.emailVerifiedAt &&
        (await this.users.takeOverUnverified(existing.id, request.sub, googleNames(request)));
      if (!takenOver) await this.users.linkGoogle(existing.id, request.sub);
      return { user: (await this.users.findById(existing.id))!, takenOver };
    }
    const created = await this.users.insert({
      email: request.email,
      passwordHash: null,
      ...googleNames(request),
      googleSub: request.sub,
      emailVerified: true,
    });
    // Created by a concurrent sign-in: link to it.
    return created ? { user: created, takenOver: false } : this.googleAccount(request);
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
    if (!(await this.mailCap.allows(user.email))) return;
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
