import { Module } from '@nestjs/common';
import { FamilyAlertPagesHandler } from '../card-page/family-alert-pages.handler.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { routesController } from '../routes/routes-controller.js';
import { SessionModule } from '../session/session.module.js';
import { FAMILY_ALERT_ROUTES } from './family-alerts.routes.js';
import { FamilyAlertsController } from './family-alerts.controller.js';
import { SmsWebhookController } from './sms-webhook.controller.js';

/** "Tell their family": the responder's alert and its status, a contact's answer and pages, the owner's list, SMS. */
@Module({
  imports: [SessionModule, RateLimitModule],
  controllers: [
    routesController('FamilyAlertRoutesController', 'family alerts', FAMILY_ALERT_ROUTES),
    FamilyAlertsController,
    SmsWebhookController,
  ],
  providers: [FamilyAlertPagesHandler],
})
export class FamilyAlertsModule {}
