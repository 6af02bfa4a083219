import { Controller } from '@nestjs/common';
import { RecordsApi, type MessagePayload } from '@medical-qr/contracts';
import { Handles } from '@medical-qr/platform';
import { TagsService } from './tags.service.js';

/** The owner's printed tags over NATS (issued for the shop's orders, listed and revoked on My Orders). */
@Controller()
export class TagsController {
  constructor(private readonly tags: TagsService) {}

  @Handles(RecordsApi.issueTag)
  issue({ userId, orderId, itemIndex, appUrl }: MessagePayload<typeof RecordsApi.issueTag>) {
    return this.tags.issue(userId, orderId, itemIndex, appUrl);
  }

  @Handles(RecordsApi.listTags)
  list({ userId, appUrl, orderIds }: MessagePayload<typeof RecordsApi.listTags>) {
    return this.tags.list(userId, appUrl, orderIds);
  }

  @Handles(RecordsApi.revokeTag)
  revoke({ userId, orderId, itemIndex, appUrl }: MessagePayload<typeof RecordsApi.revokeTag>) {
    return this.tags.revoke(userId, orderId, itemIndex, appUrl);
  }
}
