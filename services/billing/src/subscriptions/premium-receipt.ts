import { Inject, Injectable } from '@nestjs/common';
import { type ReceiptMailRequest, IdentityApi } from '@medical-qr/contracts';
import { SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';

/**
 * A paid premium invoice's receipt, asked of identity (which owns mail). Identity sends one receipt per invoice (the
 * receipt id names it), so asking again, when the provider's event comes twice or its handling is retried, is safe.
 */
@Injectable()
export class PremiumReceipt {
  constructor(@Inject(SERVICE_CLIENT) private readonly services: ServiceClient) {}

  async send(userId: string, invoiceId: string, amountPaidCents: number): Promise<void> {
    const request: ReceiptMailRequest = {
      kind: 'premium',
      userId,
      receiptId: `premium-${invoiceId}`,
      lines: [{ description: 'Medical QR Premium, one month', quantity: 1, amountCents: amountPaidCents }],
      totalCents: amountPaidCents,
      paidAt: new Date().toISOString(),
    };
    await this.services.send(IdentityApi.mailReceipt, request);
  }
}
