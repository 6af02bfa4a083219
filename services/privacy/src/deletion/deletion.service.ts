import { Injectable } from '@nestjs/common';
import { DELETION_GRACE_DAYS, ErrorCodes, PrivacyMessages } from '@medical-qr/contracts';
import { AppError } from '@medical-qr/platform';
import { PrivacyJobsScheduler } from '../erasure/privacy-jobs.scheduler.js';
import { DeletionRequestsRepository } from './deletion-requests.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletion requests: scheduled DELETION_GRACE_DAYS out and cancellable until then, or erased now. */
@Injectable()
export class DeletionService {
  constructor(
    private readonly requests: DeletionRequestsRepository,
    private readonly erasures: PrivacyJobsScheduler,
  ) {}

  find(userId: string) {
    return this.requests.find(userId);
  }

  /**
   * Immediate: the erasure is queued now (if Redis does not take it, the request stands and the sweep queues it
   * within a minute). Otherwise scheduled; the sweep queues it when the day comes.
   */
  async request(userId: string, reason: string, immediate: boolean) {
    if (immediate) {
      const requested = await this.requests.requestNow(userId, reason);
      await this.erasures.erase(userId).catch(() => undefined);
      return requested;
    }
    // One clock reading for both dates: the grace period is exactly 30 days, not a millisecond less.
    const requestedAt = new Date();
    const scheduledAt = new Date(requestedAt.getTime() + DELETION_GRACE_DAYS * DAY_MS);
    const requested = await this.requests.request(userId, reason, requestedAt, scheduledAt);
    if (!requested) throw new AppError(ErrorCodes.CONFLICT, PrivacyMessages.alreadyRequested);
    return requested;
  }

  async cancel(userId: string) {
    const cancelled = await this.requests.cancel(userId);
    if (!cancelled) throw new AppError(ErrorCodes.CONFLICT, PrivacyMessages.nothingToCancel);
    return cancelled;
  }
}
