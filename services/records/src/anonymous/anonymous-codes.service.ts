import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  type AnonymousCreationResponse,
  type ClaimAnonymousReply,
  type CodeConfirmationMailRequest,
  CodeConfirmationMessages,
  type ConfirmCodeEmailResponse,
  type ErrorCode,
  ErrorCodes,
  type MedicalForm,
  RecordsMessages,
} from '@medical-qr/contracts';
import { AppError, CONFIG, EmailIndex, LOGGER } from '@medical-qr/platform';
import type { RecordsConfig } from '../config.js';
import { ExpiryScheduler } from '../expiry/expiry.scheduler.js';
import { PremiumStatusClient } from '../premium/premium-status.client.js';
import { newEmergencyToken } from '../records/emergency-token.js';
import { toMedicalRecord } from '../records/record-views.js';
import { RecordsRepository, type RecordLifetime } from '../records/records.repository.js';
import { assertContactLimit } from '../records/records.service.js';
import { CodeConfirmationMail } from './code-confirmation-mail.js';
import { CodeConfirmationsRepository, type ConfirmationOutcome } from './code-confirmations.repository.js';

/** Why a link could not be used, as the person who followed it is told. */
const REFUSALS = {
  invalid: [ErrorCodes.NOT_FOUND, CodeConfirmationMessages.invalid],
  used: [ErrorCodes.GONE, CodeConfirmationMessages.used],
  expired: [ErrorCodes.GONE, CodeConfirmationMessages.expired],
  conflict: [ErrorCodes.CONFLICT, CodeConfirmationMessages.conflict],
} as const satisfies Record<Exclude<ConfirmationOutcome['outcome'], 'confirmed'>, readonly [ErrorCode, string]>;

/**
 * A visitor's free code, made without an account: one confirmed code per email. Whoever makes it is mailed a link
 * to prove the email; only a proven code joins the account of that email (claimed), and only a proven code stops
 * the email making another. A code made with someone else's email stays with whoever holds its token.
 */
@Injectable()
export class AnonymousCodesService {
  private readonly emailIndex: EmailIndex;

  constructor(
    private readonly records: RecordsRepository,
    private readonly confirmations: CodeConfirmationsRepository,
    private readonly mail: CodeConfirmationMail,
    private readonly premium: PremiumStatusClient,
    private readonly expiry: ExpiryScheduler,
    @Inject(CONFIG) private readonly config: RecordsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.emailIndex = new EmailIndex(config.EMAIL_INDEX_KEY);
  }

  /** A new code and its link; 409 only when the email has a confirmed code, saying whether it is still active. */
  async create(form: MedicalForm, appUrl: string): Promise<AnonymousCreationResponse> {
    assertContactLimit(form, false);
    const emailIndex = this.emailIndex.of(form.email);
    const confirmed = await this.records.findConfirmedAnonymous(emailIndex);
    if (confirmed) {
      throw confirmed.isActive
        ? new AppError(ErrorCodes.ANONYMOUS_CODE_ACTIVE, RecordsMessages.anonymousActiveExists)
        : new AppError(ErrorCodes.ANONYMOUS_CODE_EXPIRED, RecordsMessages.anonymousExpiredExists);
    }
    const expiresAt = new Date(Date.now() + this.config.QR_TTL_ANONYMOUS);
    let linkToken: string | undefined;
    const record = await this.records.insertAnonymous(
      { token: newEmergencyToken(), userId: null, emailIndex, form, expiresAt },
      async (executor, recordId) => {
        linkToken = await this.confirmations.issueWith(executor, { recordId, emailIndex, expiresAt });
      },
    );
    await this.expiry.schedule(record.id, record.expiresAt);
    const confirmationMailed =
      linkToken !== undefined &&
      (await this.mailLink(record.id, {
        email: form.email,
        appUrl,
        token: linkToken,
        expiresAt: expiresAt.toISOString(),
      }));
    const view = await toMedicalRecord(record, appUrl);
    return {
      qrCodeData: view.qrCodeData,
      token: view.token,
      cardUrl: view.cardUrl,
      expiresAt: expiresAt.toISOString(),
      ...(view.reference ? { reference: view.reference } : {}),
      confirmationMailed,
    };
  }

  /** The link was followed: the code's email is proven, so the account of that email may claim it. */
  async confirmEmail(token: string): Promise<ConfirmCodeEmailResponse> {
    const result = await this.confirmations.confirm(token);
    if (result.outcome !== 'confirmed') {
      const [code, message] = REFUSALS[result.outcome];
      throw new AppError(code, message);
    }
    return { confirmed: true, expiresAt: result.expiresAt.toISOString() };
  }

  /**
   * The confirmed anonymous code made with this email becomes the user's (the gateway vouches the account's email
   * is verified), so it shows in their history, with the account's lifetime: a premium user's claimed code stops
   * expiring, a free account's lives as long as a code the account made then (QR_TTL_USER from its creation).
   */
  async claim(userId: string, email: string): Promise<ClaimAnonymousReply> {
    let lengthened: RecordLifetime[] = [];
    const claimed = await this.records.forUser(userId, async (scope) => {
      const ids = await scope.claimAnonymous(this.emailIndex.of(email));
      if (ids.length === 0) return 0;
      if (await this.premium.isPremium(userId)) await scope.liftExpiry();
      else lengthened = await scope.giveAccountLifetime(ids, this.config.QR_TTL_USER);
      return ids.length;
    });
    // After the commit: the code's first job finds it not yet due; a job lost here is caught by the sweep.
    for (const record of lengthened) await this.expiry.scheduleNewLifetime(record.id, record.expiresAt);
    return { claimed };
  }

  /** Asks identity to mail the link; if it cannot, the link goes (it would confirm nothing) and the code stays. */
  private async mailLink(recordId: string, link: CodeConfirmationMailRequest): Promise<boolean> {
    let reason: string;
    try {
      if (await this.mail.send(link)) return true;
      reason = 'the address reached its mail cap';
    } catch (error) {
      reason = (error as Error).message;
    }
    this.logger.warn({ recordId, reason }, 'code confirmation link not mailed');
    await this.confirmations.withdraw(recordId);
    return false;
  }
}
