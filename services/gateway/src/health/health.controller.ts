import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  type HealthReport,
  healthReportSchema,
  type ReadinessReport,
  readinessReportSchema,
  SERVICE_NAMES,
  type ServiceHealth,
  serviceHealthSchema,
  type ServiceName,
} from '@medical-qr/contracts';
import { AppError } from '@medical-qr/platform';
import { HealthService } from './health.service.js';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOperation({ summary: 'State of PostgreSQL, Redis, NATS and each service: 200 when all are up, else 503' })
  @ApiOkResponse({ standardSchema: healthReportSchema })
  @ApiServiceUnavailableResponse({ standardSchema: healthReportSchema })
  async check(@Res({ passthrough: true }) res: Response): Promise<HealthReport> {
    const report = await this.health.report();
    res.status(report.status === 'ok' ? 200 : 503).setHeader('Cache-Control', 'no-store');
    return report;
  }

  @Get('ready')
  @ApiOperation({
    summary:
      'Whether this gateway can serve the emergency card: its own NATS connection (readiness probe). Redis is reported but does not count, and one service down must not take every gateway out',
  })
  @ApiOkResponse({ standardSchema: readinessReportSchema })
  @ApiServiceUnavailableResponse({ standardSchema: readinessReportSchema })
  async ready(@Res({ passthrough: true }) res: Response): Promise<ReadinessReport> {
    const report = await this.health.readiness();
    res.status(report.status === 'ok' ? 200 : 503).setHeader('Cache-Control', 'no-store');
    return report;
  }

  @Get(':service')
  @ApiOperation({ summary: 'Asks one service for its health over NATS; 503 with a message when it does not answer' })
  @ApiOkResponse({ standardSchema: serviceHealthSchema })
  async service(@Param('service') service: string): Promise<ServiceHealth> {
    if (!SERVICE_NAMES.includes(service as ServiceName)) {
      throw AppError.notFound(
        `There is no service named "${service.slice(0, 40)}". Known: ${SERVICE_NAMES.join(', ')}.`,
      );
    }
    return this.health.askService(service as ServiceName);
  }
}
