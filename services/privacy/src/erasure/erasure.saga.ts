import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { Logger } from 'pino';
import {
  BillingApi,
  DurableEvents,
  ErrorCodes,
  IdentityApi,
  type PrivacyJob,
  RecordsApi,
  ShopApi,
} from '@medical-qr/contracts';
import { AppError, EVENT_BUS, type EventBus, LOGGER, SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import { DeletionRequestsRepository } from '../deletion/deletion-requests.repository.js';
import { PrivacyErasureRepository } from './privacy-erasure.repository.js';

type EraseJob = Extract<PrivacyJob, { kind: 'erase' }>;

/**
 * Each service's step, in this order: the shop and billing first (they may still call out: Printify, the payment
 * provider), records, and identity last, so a person who can still sign in still has something to erase.
 */
const STEPS = [
  { service: 'shop', message: ShopApi.eraseUser },
  { service: 'billing', message: BillingApi.eraseUser },
  { service: 'records', message: RecordsApi.eraseUser },
  { service: 'identity', message: IdentityApi.eraseUser },
] as const;

/** A step may cancel subscriptions or delete products at a provider: more than a plain question. */
const STEP_CALL = { timeoutMs: 30_000 } as const;

/**
 * The erasure of one person (DESIGN: never fire-and-forget): asks every service that holds their data to purge it,
 * in order, each step idempotent; a step that fails (a service down, a provider silent) fails the job, which the
 * queue retries with backoff, and the sweep queues again while the request stands. Then privacy's own part, the
 * sessions (gateways, through a durable event); the audit trail stays, pseudonymous.
 */
@Injectable()
export class ErasureSaga {
  constructor(
    private readonly requests: DeletionRequestsRepository,
    private readonly own: PrivacyErasureRepository,
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(EVENT_BUS) private readonly events: EventBus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async run(job: Job<PrivacyJob>, data: EraseJob): Promise<void> {
    const { userId } = data;
    const request = await this.requests.find(userId);
    // Cancelled, or not due (a job left from an earlier request): nothing to do.
    if (!request || request.status !== 'requested' || request.scheduledAt.getTime() > Date.now()) return;

    const email = data.email ?? (await this.emailOf(userId));
    if (data.email === undefined) await job.updateData({ ...data, email });

    for (const step of STEPS) {
      await this.services.send(step.message, { userId, email }, STEP_CALL);
      this.logger.info({ step: step.service }, 'erasure step done');
    }
    // Before privacy's own part, which removes the request: a retry after a failed publish still finds work to do.
    await this.events.publish(DurableEvents.userErased, { userId }, { id: `erased-${userId}` });
    await this.own.eraseOwn(userId);
    this.logger.info('erasure completed');
  }

  /** The email the person signed up with (records finds their anonymous codes by it); '' once identity forgot it. */
  private async emailOf(userId: string): Promise<string> {
    try {
      return (await this.services.send(IdentityApi.getUser, { userId })).email;
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCodes.NOT_FOUND) return '';
      throw error;
    }
  }
}
