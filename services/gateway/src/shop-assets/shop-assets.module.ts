import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { SessionModule } from '../session/session.module.js';
import { CountriesController } from './countries.controller.js';
import { ImageProxyController } from './image-proxy.controller.js';
import { MapsKeyController } from './maps-key.controller.js';

/** What the shop's pages need besides the shop itself: print shop images through our origin, countries, the maps key. */
@Module({
  imports: [RateLimitModule, SessionModule],
  controllers: [ImageProxyController, CountriesController, MapsKeyController],
})
export class ShopAssetsModule {}
