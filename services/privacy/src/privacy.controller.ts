import { Controller } from '@nestjs/common';
import { type PrivacyStatus, PrivacyApi, type MessagePayload } from '@medical-qr/contracts';
import { Handles } from '@medical-qr/platform';
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

  @Handles(PrivacyApi.exportHead)
  exportHead({ userId, appUrl }: MessagePayload<typeof PrivacyApi.exportHead>) {
    return this.exports.head(userId, appUrl);
  }

  @Handles(PrivacyApi.exportPage)
  exportPage(request: MessagePayload<typeof PrivacyApi.exportPage>) {
    return this.exports.page(request);
  }

  @Handles(PrivacyApi.status)
  status({ userId }: MessagePayload<typeof PrivacyApi.status>) {
    return this.statusOf(userId);
  }

  @Handles(PrivacyApi.revokeConsent)
  async revokeConsent({ userId, reason }: MessagePayload<typeof PrivacyApi.revokeConsent>) {
    await this.consent.revoke(userId, reason);
    return this.statusOf(userId);
  }

  @Handles(PrivacyApi.giveConsent)
  async giveConsent({ userId, reason }: MessagePayload<typeof PrivacyApi.giveConsent>) {
    await this.consent.give(userId, reason);
    return this.statusOf(userId);
  }

  @Handles(PrivacyApi.requestDeletion)
  async requestDeletion({ userId, reason, immediate }: MessagePayload<typeof PrivacyApi.requestDeletion>) {
    await this.deletion.request(userId, reason, immediate);
    return this.statusOf(userId);
  }

  @Handles(PrivacyApi.cancelDeletion)
  async cancelDeletion({ userId }: MessagePayload<typeof PrivacyApi.cancelDeletion>) {
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
