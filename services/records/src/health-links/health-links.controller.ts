import { Controller } from '@nestjs/common';
import { RecordsApi, type MessagePayload } from '@medical-qr/contracts';
import { Handles } from '@medical-qr/platform';
import { HealthLinksService } from './health-links.service.js';

/** SMART Health Links over NATS: the owner's links, and what any reader asks of one. */
@Controller()
export class HealthLinksController {
  constructor(private readonly links: HealthLinksService) {}

  @Handles(RecordsApi.createHealthLink)
  create({ userId, appUrl, link }: MessagePayload<typeof RecordsApi.createHealthLink>) {
    return this.links.create(userId, appUrl, link);
  }

  @Handles(RecordsApi.listHealthLinks)
  list({ userId }: MessagePayload<typeof RecordsApi.listHealthLinks>) {
    return this.links.list(userId);
  }

  @Handles(RecordsApi.revokeHealthLink)
  revoke({ userId, linkId }: MessagePayload<typeof RecordsApi.revokeHealthLink>) {
    return this.links.revoke(userId, linkId);
  }

  @Handles(RecordsApi.healthLinkManifest)
  manifest({ manifestId, appUrl, ...request }: MessagePayload<typeof RecordsApi.healthLinkManifest>) {
    return this.links.manifest(manifestId, appUrl, request);
  }

  @Handles(RecordsApi.healthLinkFile)
  file({ ticket }: MessagePayload<typeof RecordsApi.healthLinkFile>) {
    return this.links.fileByTicket(ticket);
  }

  @Handles(RecordsApi.healthLinkDirectFile)
  directFile({ manifestId, recipient, appUrl }: MessagePayload<typeof RecordsApi.healthLinkDirectFile>) {
    return this.links.directFile(manifestId, recipient, appUrl);
  }
}
