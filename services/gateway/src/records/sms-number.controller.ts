import { Controller, Get, Inject, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type SmsNumberConfig, smsNumberConfigSchema } from '@medical-qr/contracts';
import type { GatewayConfig } from '../config.js';
import { NoStoreInterceptor } from '../http/no-store.interceptor.js';
import { GATEWAY_CONFIG } from '../tokens.js';

/** The service's SMS number, which the owner's screens name beside each code's printed reference: public by design. */
@ApiTags('medical records')
@Controller('config')
// A number set, changed or removed by a redeploy must reach the next screen.
@UseInterceptors(NoStoreInterceptor)
export class SmsNumberController {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  @Get('sms-number')
  @ApiOperation({
    summary:
      "The number a responder without data texts a code's printed reference to (E.164); null when SMS is not set up",
  })
  @ApiOkResponse({ standardSchema: smsNumberConfigSchema })
  number(): SmsNumberConfig {
    return { number: this.config.TWILIO_FROM_NUMBER ?? null };
  }
}
