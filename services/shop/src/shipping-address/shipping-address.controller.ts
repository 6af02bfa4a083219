import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { cartOwnerRequestSchema, type SavedShippingAddressResponse, ShopPatterns } from '@medical-qr/contracts';
import { ZodPayload } from '@medical-qr/platform';
import { ShippingAddressRepository } from './shipping-address.repository.js';

/** The user's last shipping address over NATS: the customizer fills it in, the privacy export includes it. */
@Controller()
export class ShippingAddressController {
  constructor(private readonly addresses: ShippingAddressRepository) {}

  @MessagePattern(ShopPatterns.savedShippingAddress)
  async get(
    @Payload(new ZodPayload(cartOwnerRequestSchema)) { userId }: z.infer<typeof cartOwnerRequestSchema>,
  ): Promise<SavedShippingAddressResponse> {
    return { address: await this.addresses.find(userId) };
  }
}
