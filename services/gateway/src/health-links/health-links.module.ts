import { type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { routesController } from '../routes/routes-controller.js';
import { SessionModule } from '../session/session.module.js';
import { HEALTH_LINK_ROUTES } from './health-links.routes.js';
import { openToReaders } from './open-to-readers.middleware.js';
import { ShlController } from './shl.controller.js';

/** SMART Health Links: the owner's links, and the protocol any reader speaks. */
@Module({
  imports: [SessionModule, RateLimitModule],
  controllers: [routesController('HealthLinkRoutesController', 'health links', HEALTH_LINK_ROUTES), ShlController],
})
export class HealthLinksModule implements NestModule {
  configure(consumer: MiddlewareConsumer) {
    consumer.apply(openToReaders).forRoutes(ShlController);
  }
}
