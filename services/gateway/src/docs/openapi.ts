import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';

/** OpenAPI description of the HTTP API at /api/docs (JSON at /api/docs-json). */
export function setupOpenApi(app: INestApplication) {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Medical QR API')
      .setDescription(
        'Emergency medical ID: accounts, medical records and QR codes, the public emergency card, premium, shop and privacy.',
      )
      .setVersion('1.0')
      .addCookieAuth('mqr.sid')
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
}
