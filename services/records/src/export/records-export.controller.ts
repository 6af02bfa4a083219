import { Controller } from '@nestjs/common';
import { RecordsApi, type MessagePayload } from '@medical-qr/contracts';
import { Handles } from '@medical-qr/platform';
import { RecordsExportService } from './records-export.service.js';

/** A person's records, scan log and printed tags for their own export; only the privacy service asks. */
@Controller()
export class RecordsExportController {
  constructor(private readonly exports: RecordsExportService) {}

  @Handles(RecordsApi.exportUser)
  exportUser({ userId, appUrl }: MessagePayload<typeof RecordsApi.exportUser>) {
    return this.exports.of(userId, appUrl);
  }
}
