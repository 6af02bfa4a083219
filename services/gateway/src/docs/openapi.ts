import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { errorBodySchema } from '@medical-qr/contracts';
import { asOpenApi } from './openapi-schema.js';

const ERROR_BODY_REF = '#/components/schemas/ErrorBody';

/**
 * The OpenAPI description of the HTTP API at /api/docs (JSON at /api/docs-json), generated from
 * the routes and the zod contracts they declare: request bodies from `@Body({ schema })`, replies
 * from `@ApiOkResponse({ standardSchema })`. Every operation also documents the one error body.
 */
export function setupOpenApi(app: INestApplication) {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Medical QR API')
      .setDescription(
        'Emergency medical ID: accounts, medical records and QR codes, the public emergency card, premium, shop and privacy. ' +
          'Every error answers the ErrorBody schema; state-changing requests from another origin are refused.',
      )
      .setVersion('1.0')
      .addCookieAuth('mqr.sid')
      .build(),
  );
  SwaggerModule.setup('api/docs', app, withErrorResponses(document), { jsonDocumentUrl: 'api/docs-json' });
}

/** Adds the shared error body to every operation's 4XX and 5XX replies. */
function withErrorResponses(document: OpenAPIObject): OpenAPIObject {
  const errorBody = asOpenApi(errorBodySchema, 'output');
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ErrorBody: errorBody } };
  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: ERROR_BODY_REF } } },
  });
  for (const pathItem of Object.values(document.paths)) {
    for (const operation of Object.values(pathItem)) {
      if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
      operation.responses['4XX'] ??= error('Refused: the message says why (validation, sign-in, limits, not found)');
      operation.responses['5XX'] ??= error('A service is unavailable (503) or failed (500, with an error id)');
    }
  }
  return document;
}
