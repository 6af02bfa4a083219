import { type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { parseOrThrow } from '@medical-qr/platform';

/** Validates a request body with a contract schema; a bad one is a 400 that names what is wrong. */
export class ZodBody<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    return parseOrThrow(this.schema, value ?? {});
  }
}
