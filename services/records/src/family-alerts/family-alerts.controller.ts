import { Controller } from '@nestjs/common';
import { RecordsApi, type MessagePayload } from '@medical-qr/contracts';
import { Handles } from '@medical-qr/platform';
import { FamilyAlertsService } from './family-alerts.service.js';

/** "Tell their family" over NATS: the responder's alert and its status, a contact's answer, the owner's list. */
@Controller()
export class FamilyAlertsController {
  constructor(private readonly alerts: FamilyAlertsService) {}

  @Handles(RecordsApi.tellFamily)
  tell(request: MessagePayload<typeof RecordsApi.tellFamily>) {
    return this.alerts.tellFromCard(request);
  }

  @Handles(RecordsApi.familyAlertStatus)
  status({ statusKey }: MessagePayload<typeof RecordsApi.familyAlertStatus>) {
    return this.alerts.status(statusKey);
  }

  @Handles(RecordsApi.familyAlertForContact)
  forContact({ ackKey }: MessagePayload<typeof RecordsApi.familyAlertForContact>) {
    return this.alerts.forContact(ackKey);
  }

  @Handles(RecordsApi.acknowledgeFamilyAlert)
  acknowledge({ ackKey }: MessagePayload<typeof RecordsApi.acknowledgeFamilyAlert>) {
    return this.alerts.acknowledge(ackKey);
  }

  @Handles(RecordsApi.ownerFamilyAlerts)
  async owner({ userId }: MessagePayload<typeof RecordsApi.ownerFamilyAlerts>) {
    return { alerts: await this.alerts.ownerAlerts(userId) };
  }
}
