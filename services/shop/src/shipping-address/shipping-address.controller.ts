import { Controller } from '@nestjs/common';
import { type SavedShippingAddressResponse, ShopApi, type MessagePayload } from '@medical-qr/contracts';
import { Handles } from '@medical-qr/platform';
import { ShippingAddressRepository } from './shipping-address.repository.js';

/** The user's last shipping address over NATS: the customizer fills it in, the privacy export includes it. */
@Controller()
export class ShippingAddressController {
  constructor(private readonly addresses: ShippingAddressRepository) {}

  @Handles(ShopApi.savedShippingAddress)
  async get({ userId }: MessagePayload<typeof ShopApi.savedShippingAddress>): Promise<SavedShippingAddressResponse> {
    return { address: await this.addresses.find(userId) };
  }
}
