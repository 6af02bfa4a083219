import type { OpenAPIObject } from '@nestjs/swagger';
import { z } from 'zod';

export type SchemaObject = NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>[string];

/** A contract schema as an OpenAPI 3.0 schema object, for the few places decorators take one directly. */
export function asOpenApi(schema: z.ZodType, io: 'input' | 'output' = 'input'): SchemaObject {
  const { $schema: _ignored, ...openApi } = z.toJSONSchema(schema, { target: 'openapi-3.0', io }) as SchemaObject & {
    $schema?: string;
  };
  return openApi;
}
