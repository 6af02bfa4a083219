import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  PrivacyPatterns,
  privacyExportRequestSchema,
  type PrivacyExportRequest,
  privacyReasonRequestSchema,
  privacyUserRequestSchema,
  type PrivacyReasonRequest,
  requestDeletionRequestSchema,
  type RequestDeletionRequest,
  type PrivacyStatus,
  type PrivacyUserRequest,
} from '@medical-qr/contracts';
import { ZodPayload } from '@medical-qr/platform';
import { ConsentService } from './consent/consent.service.js';
import { DeletionService } from './deletion/deletion.service.js';
import { ExportService } from './export/export.service.js';

/** Privacy controls over NATS, each for the signed-in person the gateway names; every answer is the new status. */
@Controller()
export class PrivacyController {
  constructor(
    private readonly consent: ConsentService,
    private readonly deletion: DeletionService,
    private readonly exports: ExportService,
  ) {}

  @MessagePattern(PrivacyPatterns.exportData)
  exportData(@Payload(new ZodPayload(privacyExportRequestSchema)) { userId, appUrl }: PrivacyExportRequest) {
    return this.exports.build(userId, appUrl);
  }

  @MessagePattern(PrivacyPatterns.status)
  status(@Payload(new ZodPayload(privacyUserRequestSchema)) { userId }: PrivacyUserRequest) {
    return this.statusOf(userId);
  }

  @MessagePattern(PrivacyPatterns.revokeConsent)
  async revokeConsent(@Payload(new ZodPayload(privacyReasonRequestSchema)) { userId, reason }: PrivacyReasonRequest) {
    await this.consent.revoke(userId, reason);
    return this.statusOf(userId);
  }

  @MessagePattern(PrivacyPatterns.giveConsent)
  async giveConsent(@Payload(new ZodPayload(privacyReasonRequestSchema)) { userId, reason }: PrivacyReasonRequest) {
    await this.consent.give(userId, reason);
    return this.statusOf(userId);
  }

  @MessagePattern(PrivacyPatterns.requestDeletion)
  async requestDeletion(
    @Payload(new ZodPayload(requestDeletionRequestSchema)) { userId, reason, immediate }: RequestDeletionRequest,
  ) {
    await this.deletion.request(userId, reason, immediate);
    return this.statusOf(userId);
  }

  @MessagePattern(PrivacyPatterns.cancelDeletion)
  async cancelDeletion(@Payload(new ZodPayload(privacyUserRequestSchema)) { userId }: PrivacyUserRequest) {
    await this.deletion.cancel(userId);
    return this.statusOf(userId);
  }

  private async statusOf(userId: string): Promise<PrivacyStatus> {
    const [request, consent] = await Promise.all([this.deletion.find(userId), this.consent.current(userId)]);
    return {
      status: request?.status ?? 'none',
      requestedAt: request?.requestedAt.toISOString() ?? null,
      scheduledAt: request?.scheduledAt.toISOString() ?? null,
      cancelledAt: request?.cancelledAt?.toISOString() ?? null,
      reason: request?.reason ?? null,
      consentGiven: consent.given,
      consentChangedAt: consent.changedAt?.toISOString() ?? null,
    };
  }
}
