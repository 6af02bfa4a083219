import { Controller } from '@nestjs/common';
import { RecordsApi, type MessagePayload } from '@medical-qr/contracts';
import { Handles } from '@medical-qr/platform';
import { RecordsExportService } from './records-export.service.js';

/**
 * A person's records, scan log, printed tags, health links and family alerts for their own export, page by page; only
 * the privacy service asks.
 */
@Controller()
export class RecordsExportController {
  constructor(private readonly exports: RecordsExportService) {}

  @Handles(RecordsApi.exportPage)
  exportPage(request: MessagePayload<typeof RecordsApi.exportPage>) {
    return this.exports.page(request);
  }

  @Handles(RecordsApi.exportCurrent)
  exportCurrent({ userId, appUrl }: MessagePayload<typeof RecordsApi.exportCurrent>) {
    return this.exports.current(userId, appUrl);
  }
}
