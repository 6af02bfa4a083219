import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCodes,
  type IssuedTag,
  type MedicalRecord,
  type PrintedTag,
  ShopMessages,
  RecordsApi,
} from '@medical-qr/contracts';
import { AppError, SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';

/** What the shop asks the records service: the code a user would print, and the printed tags of orders. */
@Injectable()
export class RecordsClient {
  constructor(@Inject(SERVICE_CLIENT) private readonly services: ServiceClient) {}

  /** The user's active record; ordering without one is refused with a message that says what to do. */
  async requireActive(userId: string, appUrl: string): Promise<MedicalRecord> {
    const record = await this.services.send(RecordsApi.active, { userId, appUrl });
    if (!record) throw new AppError(ErrorCodes.FORBIDDEN, ShopMessages.activeRecordRequired);
    return record;
  }

  /** The printed tag of one item of an order (the same one again when asked twice), with its QR drawn for print. */
  issueTag(userId: string, orderId: string, itemIndex: number, appUrl: string): Promise<IssuedTag> {
    return this.services.send(RecordsApi.issueTag, { userId, orderId, itemIndex, appUrl });
  }

  /** The user's printed tags; only those of `orderIds` when given (at most a page of orders). */
  listTags(userId: string, appUrl: string, orderIds?: string[]): Promise<PrintedTag[]> {
    return this.services.send(RecordsApi.listTags, { userId, appUrl, ...(orderIds ? { orderIds } : {}) });
  }

  revokeTag(userId: string, orderId: string, itemIndex: number, appUrl: string): Promise<PrintedTag> {
    return this.services.send(RecordsApi.revokeTag, { userId, orderId, itemIndex, appUrl });
  }
}
