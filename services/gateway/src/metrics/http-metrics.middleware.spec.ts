import 'reflect-metadata';
import { Controller, Get, HttpCode, Module, Param, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { metricsRegistry } from '@medical-qr/platform';
import { httpMetrics } from './http-metrics.middleware.js';

@Controller('records')
class RecordsController {
  @Get(':id')
  get(@Param('id') id: string) {
    return { id };
  }
  @Post()
  @HttpCode(201)
  create() {
    return { created: true };
  }
}
@Module({ controllers: [RecordsController] })
class TestModule {}

/** Stands in for the web app's middleware: everything outside /api is its to answer. */
function webApp(req: Request, res: Response, next: NextFunction) {
  if (req.path.startsWith('/api')) return next();
  res.type('text/plain').send('page');
}

async function series(): Promise<Array<Record<string, string | number>>> {
  const metric = await metricsRegistry.getSingleMetric('http_requests_total')!.get();
  return metric.values.map((v) => ({ ...v.labels, value: v.value }) as Record<string, string | number>);
}

describe('HTTP metrics of the gateway (a Nest Express app)', () => {
  let app: NestExpressApplication;
  let base: string;

  beforeAll(async () => {
    app = await NestFactory.create<NestExpressApplication>(TestModule, { logger: false });
    app.use(httpMetrics());
    app.use(webApp);
    app.setGlobalPrefix('api');
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });
  afterAll(() => app.close());

  it('labels requests by route template and status, never by the path a client sent', async () => {
    const token = 'Zq3xT9vLmP0aB7cD1eF2gH';
    expect((await fetch(`${base}/api/records/rec-123`)).status).toBe(200);
    expect((await fetch(`${base}/api/records/rec-456`)).status).toBe(200);
    expect((await fetch(`${base}/api/records`, { method: 'POST' })).status).toBe(201);
    expect((await fetch(`${base}/api/nothing/here/${token}`)).status).toBe(404);
    expect((await fetch(`${base}/emergency/${token}`)).status).toBe(200);
    expect((await fetch(`${base}/assets/app.js`)).status).toBe(200);
    expect((await fetch(`${base}/account`, { method: 'DELETE' })).status).toBe(200);

    const recorded = await series();
    expect(recorded).toEqual(
      expect.arrayContaining([
        { method: 'GET', route: '/api/records/:id', status: '200', value: 2 },
        { method: 'POST', route: '/api/records', status: '201', value: 1 },
        { method: 'GET', route: 'unmatched', status: '404', value: 1 },
        { method: 'GET', route: '/emergency/:token', status: '200', value: 1 },
        { method: 'GET', route: 'static', status: '200', value: 1 },
        { method: 'DELETE', route: 'unmatched', status: '200', value: 1 },
      ]),
    );
    const labels = JSON.stringify(recorded);
    expect(labels).not.toContain('rec-123');
    expect(labels).not.toContain(token);
  });

  it('times requests by method and route template', async () => {
    const metric = await metricsRegistry.getSingleMetric('http_request_duration_seconds')!.get();
    // A histogram's values carry the name of each series (_bucket, _sum, _count).
    const count = (metric.values as Array<(typeof metric.values)[number] & { metricName?: string }>).find(
      (v) =>
        v.metricName === 'http_request_duration_seconds_count' &&
        v.labels.method === 'GET' &&
        v.labels.route === '/api/records/:id',
    );
    expect(count?.value).toBe(2);
  });
});
