import { Controller, Get, Inject, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type MapsConfig, mapsConfigSchema } from '@medical-qr/contracts';
import type { GatewayConfig } from '../config.js';
import { NoStoreInterceptor } from '../http/no-store.interceptor.js';
import { GATEWAY_CONFIG } from '../tokens.js';

/** The browser key of Google Maps for the address form: public by design (the Maps script runs in every browser). */
@ApiTags('shop')
@Controller('config')
// A key added, rotated or removed by a redeploy must reach the next form.
@UseInterceptors(NoStoreInterceptor)
export class MapsKeyController {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  @Get('google-maps-key')
  @ApiOperation({ summary: "Google Maps' browser key for address suggestions; apiKey is null when none is configured" })
  @ApiOkResponse({ standardSchema: mapsConfigSchema })
  key(): MapsConfig {
    return { apiKey: this.config.GOOGLE_MAPS_API_KEY ?? null };
  }
}
