import { Controller, Inject, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { healthPattern, type ServiceHealth, type ServiceName } from '@medical-qr/contracts';
import type { DatabaseHandle } from '../db/database.js';
import { DATABASE } from '../service/tokens.js';

/** Builds the controller that answers `<service>.health.check` with the state of the service's database. */
export function createHealthController(service: ServiceName): Type<unknown> {
  @Controller()
  class HealthController {
    constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

    @MessagePattern(healthPattern(service))
    async check(): Promise<ServiceHealth> {
      try {
        const latencyMs = await this.database.ping();
        return { service, status: 'up', database: { status: 'up', latencyMs } };
      } catch (error) {
        return { service, status: 'down', database: { status: 'down', message: (error as Error).message } };
      }
    }
  }
  return HealthController;
}
