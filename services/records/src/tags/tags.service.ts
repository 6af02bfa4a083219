import { Injectable } from '@nestjs/common';
import { ErrorCodes, type IssuedTag, type PrintedTag } from '@medical-qr/contracts';
import { AppError } from '@medical-qr/platform';
import { newEmergencyToken } from '../records/emergency-token.js';
import { toIssuedTag, toPrintedTag } from './tag-views.js';
import { TagsRepository } from './tags.repository.js';

/** Someone else's tag and a missing one look the same. */
export const TAG_NOT_FOUND_MESSAGE = 'Printed tag not found';

/**
 * Printed tags: one per ordered item, with a token of its own (the same form as a card token, so the card
 * route and the scanner take it as is) that opens the owner's current active record. The card
 * side of a tag is {@link CardService}'s.
 */
@Injectable()
export class TagsService {
  constructor(private readonly tags: TagsRepository) {}

  /** The order item's tag, made on first asking; a retry gets the same token back. */
  async issue(userId: string, orderId: string, itemIndex: number, appUrl: string): Promise<IssuedTag> {
    const tag = await this.tags.issue(userId, orderId, newEmergencyToken(), itemIndex);
    if (!tag) throw notFound();
    return toIssuedTag(tag, appUrl);
  }

  async list(userId: string, appUrl: string, orderIds?: readonly string[]): Promise<PrintedTag[]> {
    return (await this.tags.listByUser(userId, orderIds)).map((tag) => toPrintedTag(tag, appUrl));
  }

  /** A lost item's tag stops opening the card; the owner's other tags and codes are untouched. */
  async revoke(userId: string, orderId: string, itemIndex: number, appUrl: string): Promise<PrintedTag> {
    const tag = await this.tags.revoke(userId, orderId, itemIndex);
    if (!tag) throw notFound();
    return toPrintedTag(tag, appUrl);
  }
}

function notFound() {
  return new AppError(ErrorCodes.NOT_FOUND, TAG_NOT_FOUND_MESSAGE);
}
