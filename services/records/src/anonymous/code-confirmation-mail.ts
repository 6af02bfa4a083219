import { Inject, Injectable } from '@nestjs/common';
import { type CodeConfirmationMailRequest, IdentityApi } from '@medical-qr/contracts';
import { SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';

/** Creation waits at most this long for identity to queue the mail; past it the code is made without a link. */
const MAIL_TIMEOUT_MS = 3000;

/** Identity owns mail: records asks it to send the link that proves an anonymous code's email. */
@Injectable()
export class CodeConfirmationMail {
  constructor(@Inject(SERVICE_CLIENT) private readonly services: ServiceClient) {}

  /** Whether the mail was queued: identity refuses one past the address's mail cap. */
  async send(request: CodeConfirmationMailRequest): Promise<boolean> {
    const reply = await this.services.send(IdentityApi.mailCodeConfirmation, request, {
      timeoutMs: MAIL_TIMEOUT_MS,
    });
    return reply.queued;
  }
}
