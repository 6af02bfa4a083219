import { Injectable, Inject } from '@nestjs/common';
import { type FactsReminderMailRequest, IdentityApi } from '@medical-qr/contracts';
import { SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';

/** Identity owns mail: records asks it to remind an owner that a code's facts went unchecked. */
@Injectable()
export class FactsReminderMail {
  constructor(@Inject(SERVICE_CLIENT) private readonly services: ServiceClient) {}

  /** Whether the mail was queued: an account erased meanwhile gets none. Throws when identity does not answer. */
  async send(request: FactsReminderMailRequest): Promise<boolean> {
    return (await this.services.send(IdentityApi.mailFactsReminder, request)).queued;
  }
}
