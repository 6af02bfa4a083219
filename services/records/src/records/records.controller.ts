import { Controller } from '@nestjs/common';
import { RecordsApi, type MessagePayload } from '@medical-qr/contracts';
import { Handles } from '@medical-qr/platform';
import { RecordsService } from './records.service.js';

/** The owner's side of records over NATS. Every payload is validated here, whoever sent it. */
@Controller()
export class RecordsController {
  constructor(private readonly records: RecordsService) {}

  @Handles(RecordsApi.create)
  create({ userId, form, appUrl, label, addAnother }: MessagePayload<typeof RecordsApi.create>) {
    return this.records.createForUser(userId, form, appUrl, { label, addAnother });
  }

  @Handles(RecordsApi.update)
  update({ userId, recordId, form, appUrl, expectedVersion }: MessagePayload<typeof RecordsApi.update>) {
    return this.records.update(userId, recordId, form, appUrl, expectedVersion);
  }

  @Handles(RecordsApi.confirmFacts)
  confirmFacts({ userId, recordId, appUrl }: MessagePayload<typeof RecordsApi.confirmFacts>) {
    return this.records.confirmFacts(userId, recordId, appUrl);
  }

  @Handles(RecordsApi.list)
  list({ userId, appUrl, ...query }: MessagePayload<typeof RecordsApi.list>) {
    return this.records.list(userId, query, appUrl);
  }

  @Handles(RecordsApi.get)
  get({ userId, recordId, appUrl }: MessagePayload<typeof RecordsApi.get>) {
    return this.records.get(userId, recordId, appUrl);
  }

  @Handles(RecordsApi.active)
  active({ userId, appUrl }: MessagePayload<typeof RecordsApi.active>) {
    return this.records.active(userId, appUrl);
  }

  @Handles(RecordsApi.dashboard)
  dashboard({ userId, appUrl }: MessagePayload<typeof RecordsApi.dashboard>) {
    return this.records.dashboard(userId, appUrl);
  }

  @Handles(RecordsApi.contacts)
  contacts({ userId, recordId }: MessagePayload<typeof RecordsApi.contacts>) {
    return this.records.contacts(userId, recordId);
  }

  @Handles(RecordsApi.setLabel)
  setLabel({ userId, recordId, label, appUrl }: MessagePayload<typeof RecordsApi.setLabel>) {
    return this.records.setLabel(userId, recordId, label, appUrl);
  }

  @Handles(RecordsApi.delete)
  delete({ userId, recordId }: MessagePayload<typeof RecordsApi.delete>) {
    return this.records.delete(userId, recordId);
  }

  @Handles(RecordsApi.qrImage)
  qrImage({ userId, recordId, appUrl }: MessagePayload<typeof RecordsApi.qrImage>) {
    return this.records.qrImage(userId, recordId, appUrl);
  }
}
