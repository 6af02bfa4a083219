import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { SessionModule } from '../session/session.module.js';
import { ErasedSessionsConsumer } from './erased-sessions.consumer.js';
import { routesController } from '../routes/routes-controller.js';
import { ExportController } from './export.controller.js';
import { PRIVACY_ROUTES } from './privacy.routes.js';
import { RecentAuthenticationGuard } from './recent-authentication.guard.js';

/** Privacy controls over HTTP (the privacy service does the work), and ending an erased person's sessions. */
@Module({
  imports: [SessionModule, RateLimitModule],
  controllers: [routesController('PrivacyRoutesController', 'privacy', PRIVACY_ROUTES), ExportController],
  providers: [RecentAuthenticationGuard, ErasedSessionsConsumer],
})
export class PrivacyModule {}
