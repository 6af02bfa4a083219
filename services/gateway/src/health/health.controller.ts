import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { SERVICE_NAMES, type HealthReport, type ServiceHealth, type ServiceName } from '@medical-qr/contracts';
import { AppError } from '@medical-qr/platform';
import { HealthService } from './health.service.js';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOperation({ summary: 'State of PostgreSQL, Redis, NATS and each service: 200 when all are up, else 503' })
  async check(@Res({ passthrough: true }) res: Response): Promise<HealthReport> {
    const report = await this.health.report();
    res.status(report.status === 'ok' ? 200 : 503).setHeader('Cache-Control', 'no-store');
    return report;
  }

  @Get('ready')
  @ApiOperation({
    summary:
      'Whether this gateway can serve: its own NATS and Redis connections (readiness probe; one service down must not take every gateway out)',
  })
  async ready(@Res({ passthrough: true }) res: Response) {
    const report = await this.health.readiness();
    res.status(report.status === 'ok' ? 200 : 503).setHeader('Cache-Control', 'no-store');
    return report;
  }

  @Get(':service')
  @ApiOperation({ summary: 'Asks one service for its health over NATS; 503 with a message when it does not answer' })
  async service(@Param('service') service: string): Promise<ServiceHealth> {
    if (!SERVICE_NAMES.includes(service as ServiceName)) {
      throw AppError.notFound(
        `There is no service named "${service.slice(0, 40)}". Known: ${SERVICE_NAMES.join(', ')}.`,
      );
    }
    return this.health.askService(service as ServiceName);
  }
}
