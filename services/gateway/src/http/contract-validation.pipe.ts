import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { ZodType } from 'zod';
import { parseOrThrow } from '@medical-qr/platform';

/**
 * Validates every route parameter declared with a contract schema (`@Body({ schema })`,
 * `@Query({ schema })`): a bad one is a 400 that names what is wrong. The same schemas describe
 * the API in the OpenAPI document, so what is documented is what is enforced.
 */
@Injectable()
export class ContractValidationPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const { schema } = metadata;
    if (!schema) return value;
    if (!(schema instanceof ZodType))
      throw new Error(`route parameter "${metadata.type}" has a schema that is not zod`);
    return parseOrThrow(schema, metadata.type === 'body' ? (value ?? {}) : value);
  }
}
