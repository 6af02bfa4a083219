import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { parseOrThrow } from '../errors/validation.js';

/**
 * Validates a NATS payload with its contract schema, as the gateway's ZodBody does an HTTP body:
 * `@Payload(new ZodPayload(schema)) request: Request`. A bad payload never reaches the handler; it
 * is answered with the VALIDATION_ERROR that names what is wrong. (Param pipes run in microservices
 * as they do over HTTP; only global pipes need `useGlobalPipes` on the microservice.)
 */
export class ZodPayload<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    return parseOrThrow(this.schema, value ?? {});
  }
}
