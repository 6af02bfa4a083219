import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import {
  activeRecordRequestSchema,
  createRecordRequestSchema,
  dashboardRequestSchema,
  getRecordRequestSchema,
  listRecordsRequestSchema,
  type ListRecordsRequest,
  qrImageRequestSchema,
  recordRequestSchema,
  RecordsPatterns,
  setRecordLabelRequestSchema,
  updateRecordRequestSchema,
} from '@medical-qr/contracts';
import { ZodPayload } from '@medical-qr/platform';
import { RecordsService } from './records.service.js';

/** The owner's side of records over NATS. Every payload is validated here, whoever sent it. */
@Controller()
export class RecordsController {
  constructor(private readonly records: RecordsService) {}

  @MessagePattern(RecordsPatterns.create)
  create(
    @Payload(new ZodPayload(createRecordRequestSchema))
    { userId, form, appUrl, label, addAnother }: z.infer<typeof createRecordRequestSchema>,
  ) {
    return this.records.createForUser(userId, form, appUrl, { label, addAnother });
  }

  @MessagePattern(RecordsPatterns.update)
  update(
    @Payload(new ZodPayload(updateRecordRequestSchema))
    { userId, recordId, form, appUrl, expectedVersion }: z.infer<typeof updateRecordRequestSchema>,
  ) {
    return this.records.update(userId, recordId, form, appUrl, expectedVersion);
  }

  @MessagePattern(RecordsPatterns.list)
  list(@Payload(new ZodPayload(listRecordsRequestSchema)) { userId, appUrl, ...query }: ListRecordsRequest) {
    return this.records.list(userId, query, appUrl);
  }

  @MessagePattern(RecordsPatterns.get)
  get(
    @Payload(new ZodPayload(getRecordRequestSchema))
    { userId, recordId, appUrl }: z.infer<typeof getRecordRequestSchema>,
  ) {
    return this.records.get(userId, recordId, appUrl);
  }

  @MessagePattern(RecordsPatterns.active)
  active(
    @Payload(new ZodPayload(activeRecordRequestSchema)) { userId, appUrl }: z.infer<typeof activeRecordRequestSchema>,
  ) {
    return this.records.active(userId, appUrl);
  }

  @MessagePattern(RecordsPatterns.dashboard)
  dashboard(
    @Payload(new ZodPayload(dashboardRequestSchema)) { userId, appUrl }: z.infer<typeof dashboardRequestSchema>,
  ) {
    return this.records.dashboard(userId, appUrl);
  }

  @MessagePattern(RecordsPatterns.contacts)
  contacts(@Payload(new ZodPayload(recordRequestSchema)) { userId, recordId }: z.infer<typeof recordRequestSchema>) {
    return this.records.contacts(userId, recordId);
  }

  @MessagePattern(RecordsPatterns.setLabel)
  setLabel(
    @Payload(new ZodPayload(setRecordLabelRequestSchema))
    { userId, recordId, label, appUrl }: z.infer<typeof setRecordLabelRequestSchema>,
  ) {
    return this.records.setLabel(userId, recordId, label, appUrl);
  }

  @MessagePattern(RecordsPatterns.delete)
  delete(@Payload(new ZodPayload(recordRequestSchema)) { userId, recordId }: z.infer<typeof recordRequestSchema>) {
    return this.records.delete(userId, recordId);
  }

  @MessagePattern(RecordsPatterns.qrImage)
  qrImage(
    @Payload(new ZodPayload(qrImageRequestSchema))
    { userId, recordId, appUrl }: z.infer<typeof qrImageRequestSchema>,
  ) {
    return this.records.qrImage(userId, recordId, appUrl);
  }
}
