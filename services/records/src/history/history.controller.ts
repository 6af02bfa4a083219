import { Controller } from '@nestjs/common';
import { RecordsApi, type MessagePayload } from '@medical-qr/contracts';
import { Handles } from '@medical-qr/platform';
import { HistoryService } from './history.service.js';

/** Premium history over NATS; the payload is validated here, whoever sent it. */
@Controller()
export class HistoryController {
  constructor(private readonly history: HistoryService) {}

  @Handles(RecordsApi.history)
  page(request: MessagePayload<typeof RecordsApi.history>) {
    const { userId, appUrl, ...query } = request;
    return this.history.page(userId, query, appUrl);
  }
}
