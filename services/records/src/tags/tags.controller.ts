import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { listTagsRequestSchema, RecordsPatterns, tagRequestSchema, type TagRequest } from '@medical-qr/contracts';
import { ZodPayload } from '@medical-qr/platform';
import { TagsService } from './tags.service.js';

/** The owner's printed tags over NATS (issued for the shop's orders, listed and revoked on My Orders). */
@Controller()
export class TagsController {
  constructor(private readonly tags: TagsService) {}

  @MessagePattern(RecordsPatterns.issueTag)
  issue(@Payload(new ZodPayload(tagRequestSchema)) { userId, orderId, itemIndex, appUrl }: TagRequest) {
    return this.tags.issue(userId, orderId, itemIndex, appUrl);
  }

  @MessagePattern(RecordsPatterns.listTags)
  list(@Payload(new ZodPayload(listTagsRequestSchema)) { userId, appUrl }: z.infer<typeof listTagsRequestSchema>) {
    return this.tags.list(userId, appUrl);
  }

  @MessagePattern(RecordsPatterns.revokeTag)
  revoke(@Payload(new ZodPayload(tagRequestSchema)) { userId, orderId, itemIndex, appUrl }: TagRequest) {
    return this.tags.revoke(userId, orderId, itemIndex, appUrl);
  }
}
