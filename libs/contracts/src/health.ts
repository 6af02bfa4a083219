import { z } from 'zod';
import { SERVICE_NAMES, type ServiceName } from './services.js';

/** Request/reply pattern each service answers to report its own health. */
export const healthPattern = (service: ServiceName) => `${service}.health.check` as const;

export const componentStatusSchema = z.object({
  status: z.enum(['up', 'down']),
  latencyMs: z.number().int().nonnegative().optional(),
  message: z.string().optional(),
});
export type ComponentStatus = z.infer<typeof componentStatusSchema>;

/** What a service answers to its health pattern. */
export const serviceHealthSchema = z.object({
  service: z.string(),
  status: z.enum(['up', 'down']),
  database: componentStatusSchema,
});
export type ServiceHealth = z.infer<typeof serviceHealthSchema>;

/** `GET /api/health`: 200 when everything is up, 503 otherwise, with the same body. */
export const healthReportSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.object({ postgres: componentStatusSchema, redis: componentStatusSchema, nats: componentStatusSchema }),
  services: z.record(z.enum(SERVICE_NAMES), componentStatusSchema),
});
export type HealthReport = z.infer<typeof healthReportSchema>;

/** `GET /api/health/ready`: whether this gateway can serve the emergency card, i.e. its NATS connection is up (its
 * readiness probe); Redis is reported beside it but does not count. */
export const readinessReportSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.object({ redis: componentStatusSchema, nats: componentStatusSchema }),
});
export type ReadinessReport = z.infer<typeof readinessReportSchema>;
