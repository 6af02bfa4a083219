import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { listRecordsRequestSchema, RecordsPatterns } from '@medical-qr/contracts';
import { ZodPayload } from '@medical-qr/platform';
import { RecordsExportService } from './records-export.service.js';

/** A person's records, scan log and printed tags for their own export; only the privacy service asks. */
@Controller()
export class RecordsExportController {
  constructor(private readonly exports: RecordsExportService) {}

  @MessagePattern(RecordsPatterns.exportUser)
  exportUser(
    @Payload(new ZodPayload(listRecordsRequestSchema)) { userId, appUrl }: z.infer<typeof listRecordsRequestSchema>,
  ) {
    return this.exports.of(userId, appUrl);
  }
}
