import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { HealthService } from './health.service.js';

/** `/api/health`: PostgreSQL, Redis, NATS and every service; readiness of this gateway. */
@Module({
  controllers: [HealthController],
  providers: [HealthService],
})
export class HealthModule {}
