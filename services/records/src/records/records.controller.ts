import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  activeRecordRequestSchema,
  createAnonymousRecordRequestSchema,
  createRecordRequestSchema,
  dashboardRequestSchema,
  listRecordsRequestSchema,
  qrImageRequestSchema,
  recordRequestSchema,
  RecordsPatterns,
} from '@medical-qr/contracts';
import { parseOrThrow } from '@medical-qr/platform';
import { RecordsService } from './records.service.js';

/** The owner's side of records over NATS. Every payload is validated here, whoever sent it. */
@Controller()
export class RecordsController {
  constructor(private readonly records: RecordsService) {}

  @MessagePattern(RecordsPatterns.createAnonymous)
  createAnonymous(@Payload() payload: unknown) {
    const { form, appUrl } = parseOrThrow(createAnonymousRecordRequestSchema, payload);
    return this.records.createAnonymous(form, appUrl);
  }

  @MessagePattern(RecordsPatterns.create)
  create(@Payload() payload: unknown) {
    const { userId, form, appUrl } = parseOrThrow(createRecordRequestSchema, payload);
    return this.records.createForUser(userId, form, appUrl);
  }

  @MessagePattern(RecordsPatterns.list)
  list(@Payload() payload: unknown) {
    const { userId, appUrl } = parseOrThrow(listRecordsRequestSchema, payload);
    return this.records.list(userId, appUrl);
  }

  @MessagePattern(RecordsPatterns.active)
  active(@Payload() payload: unknown) {
    const { userId, appUrl } = parseOrThrow(activeRecordRequestSchema, payload);
    return this.records.active(userId, appUrl);
  }

  @MessagePattern(RecordsPatterns.dashboard)
  dashboard(@Payload() payload: unknown) {
    const { userId, appUrl } = parseOrThrow(dashboardRequestSchema, payload);
    return this.records.dashboard(userId, appUrl);
  }

  @MessagePattern(RecordsPatterns.contacts)
  contacts(@Payload() payload: unknown) {
    const { userId, recordId } = parseOrThrow(recordRequestSchema, payload);
    return this.records.contacts(userId, recordId);
  }

  @MessagePattern(RecordsPatterns.delete)
  delete(@Payload() payload: unknown) {
    const { userId, recordId } = parseOrThrow(recordRequestSchema, payload);
    return this.records.delete(userId, recordId);
  }

  @MessagePattern(RecordsPatterns.qrImage)
  qrImage(@Payload() payload: unknown) {
    const { userId, recordId, appUrl } = parseOrThrow(qrImageRequestSchema, payload);
    return this.records.qrImage(userId, recordId, appUrl);
  }
}
