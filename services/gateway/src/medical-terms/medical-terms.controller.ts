import { applyDecorators, Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { type MedicalTermsQuery, medicalTermsQuerySchema, medicalTermsResponseSchema } from '@medical-qr/contracts';
import { PublicBuckets } from '../rate-limit/public-buckets.js';
import { PublicRateLimit } from '../rate-limit/public-rate-limit.decorator.js';
import { queryParameters } from '../routes/routes-controller.js';
import { medicalTermsAnswer, namesEtag, strongEtag } from './medical-terms-answer.js';

/**
 * The curated list of medical terms the record form offers, read in-process: the list is compiled into the gateway, so
 * no service is asked. Public (the free form is filled in before any sign-in) and cached a day by anyone, since the
 * list changes only with a release.
 */
@ApiTags('medical terms')
@Controller('medical-terms')
export class MedicalTermsController {
  @Get()
  // Its own bucket: a form being typed asks often, and must never eat into sign-in or the emergency card.
  @PublicRateLimit(PublicBuckets.medicalTerms)
  @ApiOperation({
    summary:
      'Listed medical terms (SNOMED CT) whose name in the asked language, English name or synonym holds the search, those starting with it first; display in the asked language. Public, cached a day, with a strong ETag (If-None-Match answers 304); 400 for an unknown category or language, a limit outside 1-50 or a search over 100 characters; rate limited per IP',
  })
  @applyDecorators(...queryParameters(medicalTermsQuerySchema))
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'The ETag of an answer already held' })
  @ApiOkResponse({ standardSchema: medicalTermsResponseSchema })
  @ApiResponse({ status: 304, description: 'The answer held (If-None-Match) is still current' })
  terms(
    @Query({ schema: medicalTermsQuerySchema }) query: MedicalTermsQuery,
    @Req() req: Request,
    @Res() res: Response,
  ): void {
    const body = JSON.stringify(medicalTermsAnswer(query));
    const etag = strongEtag(body);
    res.setHeader('Cache-Control', 'public, max-age=86400').setHeader('ETag', etag);
    if (namesEtag(req.headers['if-none-match'], etag)) {
      res.status(304).end();
      return;
    }
    res.status(200).type('application/json').send(body);
  }
}
