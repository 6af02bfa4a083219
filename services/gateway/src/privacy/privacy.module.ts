import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { SessionModule } from '../session/session.module.js';
import { PrivacyController } from './privacy.controller.js';
import { RecentAuthenticationGuard } from './recent-authentication.guard.js';

/** Privacy controls over HTTP (the privacy service does the work). */
@Module({
  imports: [SessionModule, RateLimitModule],
  controllers: [PrivacyController],
  providers: [RecentAuthenticationGuard],
})
export class PrivacyModule {}
