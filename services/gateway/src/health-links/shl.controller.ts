import { Body, Controller, Get, Header, HttpCode, Inject, Options, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { z } from 'zod';
import {
  ErrorCodes,
  HealthLinkMessages,
  manifestRequestBodySchema,
  manifestSchema,
  type ManifestRequestBody,
  RecordsApi,
  SHL_RANDOM_PATTERN,
} from '@medical-qr/contracts';
import { AppError, SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { appUrl } from '../http/app-url.js';
import { CrossSiteAllowed } from '../http/cross-site-allowed.decorator.js';
import { PublicBuckets } from '../rate-limit/public-buckets.js';
import { PublicRateLimit } from '../rate-limit/public-rate-limit.decorator.js';
import { GATEWAY_CONFIG } from '../tokens.js';

const directFileQuerySchema = z.object({ recipient: manifestRequestBodySchema.shape.recipient });

/** JWE compact serialization's media type (RFC 7516). */
const JOSE = 'application/jose';

/**
 * The SMART Health Links protocol, for any reader on any site: the manifest, a manifest's short-lived file location, a
 * direct file. Readers are other sites by design (CORS open, no credentials): the link's random id (256 bits) or a
 * location's ticket is what gives access, the passcode's attempts are counted by records, and every request counts
 * against the address's health-links budget.
 */
@ApiTags('SMART Health Links')
@Controller('shl')
@PublicRateLimit(PublicBuckets.healthLinks)
export class ShlController {
  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post(':manifestId')
  @HttpCode(200)
  @CrossSiteAllowed() // An SHL reader is another site; it proves nothing but the link it holds (see above).
  @ApiOperation({
    summary:
      "An SHL manifest: `files[]` with the IPS document (application/fhir+json) as a JWE, embedded when it fits `embeddedLengthMax`, else a `location` that works for an hour; a long-term link adds `status: can-change` and `lastUpdated`. 404 unknown, revoked, expired or its owner's consent withdrawn; 401 `{remainingAttempts}` for a missing or wrong passcode (counted over the link's life; at none left, 404); 429 past the address's budget",
  })
  @ApiOkResponse({ standardSchema: manifestSchema })
  manifest(
    @Param('manifestId') manifestId: string,
    @Body({ schema: manifestRequestBodySchema }) request: ManifestRequestBody,
    @Req() req: Request,
  ) {
    return this.services.send(RecordsApi.healthLinkManifest, {
      manifestId: shlRandomOf(manifestId),
      appUrl: appUrl(req, this.config),
      ...request,
    });
  }

  @Get(':manifestId')
  @ApiOperation({
    summary:
      "A direct-file link (flag U): the encrypted IPS document itself (JWE compact). 404 unknown, revoked, expired, not a direct-file link, or its owner's consent withdrawn; 400 without `recipient`",
  })
  @ApiQuery({ name: 'recipient', required: true, description: 'Who is asking (a person or an organisation)' })
  @ApiProduces(JOSE)
  @ApiOkResponse({ description: 'The JWE compact serialization', content: { [JOSE]: { schema: { type: 'string' } } } })
  async directFile(
    @Param('manifestId') manifestId: string,
    @Query({ schema: directFileQuerySchema }) { recipient }: { recipient: string },
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const { jwe } = await this.services.send(RecordsApi.healthLinkDirectFile, {
      manifestId: shlRandomOf(manifestId),
      recipient,
      appUrl: appUrl(req, this.config),
    });
    res.type(JOSE).send(jwe);
  }

  @Get('files/:ticket')
  @ApiOperation({
    summary:
      "A manifest's `location`: the encrypted IPS document (JWE compact), for an hour at most after the manifest was answered; 404 after, or once the link no longer opens",
  })
  @ApiProduces(JOSE)
  @ApiOkResponse({ description: 'The JWE compact serialization', content: { [JOSE]: { schema: { type: 'string' } } } })
  async file(@Param('ticket') ticket: string, @Res() res: Response): Promise<void> {
    const { jwe } = await this.services.send(RecordsApi.healthLinkFile, { ticket: shlRandomOf(ticket) });
    res.type(JOSE).send(jwe);
  }

  /** A browser reader's preflight (its manifest POST carries JSON). */
  @Options(':manifestId')
  @HttpCode(204)
  @CrossSiteAllowed() // The preflight of the cross-site calls above.
  @Header('Access-Control-Allow-Methods', 'GET, POST')
  @Header('Access-Control-Allow-Headers', 'Content-Type')
  @Header('Access-Control-Max-Age', '86400')
  @ApiOperation({ summary: 'The CORS preflight of a reader on another site' })
  @ApiNoContentResponse({ description: 'Any site may GET and POST JSON here, without credentials' })
  preflight(): void {}
}

/** A manifest id or ticket that cannot be one is the same 404 as an unknown one, without asking records. */
function shlRandomOf(raw: string): string {
  if (!SHL_RANDOM_PATTERN.test(raw)) throw new AppError(ErrorCodes.NOT_FOUND, HealthLinkMessages.notFound);
  return raw;
}
