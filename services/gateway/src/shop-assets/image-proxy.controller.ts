import { BadGatewayException, Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { ErrorCodes, ShopMessages, ShopApi } from '@medical-qr/contracts';
import { AppError, LOGGER, SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import { fetchImage, IMAGE_TYPES } from './image-fetch.js';
import { allowedImageOrigins, checkImageUrl, MAX_IMAGE_URL_LENGTH } from './image-origins.js';
import { type ImageProxyQuery, imageProxyQuerySchema } from './image-proxy-query.js';
import { mockupProductId } from './mockup-url.js';
import { SessionService } from '../session/session.service.js';
import { PublicBuckets } from '../rate-limit/public-buckets.js';
import { PublicRateLimit } from '../rate-limit/public-rate-limit.decorator.js';

/**
 * Printify's catalog pictures and mockups through our own origin (the page's CSP allows images from 'self' only).
 * Not an open proxy: only origins on PRINTIFY_IMAGE_HOSTS, so the gateway cannot be turned on internal addresses.
 */
@ApiTags('shop')
@Controller('printify')
export class ImageProxyController {
  private readonly allowedOrigins: ReadonlySet<string>;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    private readonly sessions: SessionService,
  ) {
    this.allowedOrigins = allowedImageOrigins(config.PRINTIFY_IMAGE_HOSTS, config.NODE_ENV !== 'production');
  }

  @Get('image-proxy')
  // Its own bucket, so a shop page full of pictures never eats into sign-in or emergency card budgets.
  @PublicRateLimit(PublicBuckets.shopImages)
  @ApiOperation({
    summary:
      "A print shop image (catalog picture or mockup) shown through this origin. A mockup (it shows its owner's live card) only to its signed-in owner (401, else 404), never cached by others. 400 for a URL off Printify's image hosts (other hosts, ports or schemes, credentials) or one that redirects; 502 when the image cannot be fetched (error, timeout, not PNG/JPEG/WebP/GIF, over 5 MB); rate limited per IP",
  })
  @ApiQuery({ name: 'url', required: true, schema: { type: 'string', format: 'uri', maxLength: MAX_IMAGE_URL_LENGTH } })
  @ApiProduces(...IMAGE_TYPES)
  @ApiOkResponse({
    description: 'The image, as the print shop serves it',
    schema: { type: 'string', format: 'binary' },
  })
  async image(
    @Query({ schema: imageProxyQuerySchema }) query: ImageProxyQuery,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const check = checkImageUrl(query.url, this.allowedOrigins);
    if (!check.allowed) throw new AppError(ErrorCodes.VALIDATION_ERROR, ShopMessages.imageNotAllowed);
    const mockup = mockupProductId(check.url);
    if (mockup) await this.checkOwnMockup(req, mockup);
    const fetched = await fetchImage(check.url);
    // A redirect's target was never checked against the list: refused like any other address off it.
    if (fetched.outcome === 'redirect') throw new AppError(ErrorCodes.VALIDATION_ERROR, ShopMessages.imageNotAllowed);
    if (fetched.outcome === 'unavailable') {
      this.logger.warn({ host: check.url.host, reason: fetched.reason }, 'print shop image not fetched');
      throw new BadGatewayException(ShopMessages.imageUnavailable);
    }
    res
      .status(200)
      .type(fetched.contentType)
      // Printify's image URLs never change what they show; a mockup is its owner's alone, kept by no cache.
      .setHeader('Cache-Control', mockup ? 'private, no-store' : 'public, max-age=86400')
      .setHeader('X-Content-Type-Options', 'nosniff')
      // Opened on its own, the answer is an inert image: nothing in it may load or run.
      .setHeader('Content-Security-Policy', "default-src 'none'")
      .send(fetched.bytes);
  }

  /** A mockup is shown to its signed-in owner only: 401 without a session, 404 for anyone else's (as if unknown). */
  private async checkOwnMockup(req: Request, printifyProductId: string): Promise<void> {
    const session = await this.sessions.current(req);
    if (!session) throw new AppError(ErrorCodes.UNAUTHORIZED, 'Please sign in first.');
    const { owned } = await this.services.send(ShopApi.mockupOwned, {
      userId: session.data.userId,
      printifyProductId,
    });
    if (!owned) throw new AppError(ErrorCodes.NOT_FOUND, ShopMessages.mockupNotYours);
  }
}
