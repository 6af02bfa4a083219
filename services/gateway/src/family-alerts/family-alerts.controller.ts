import { Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  alertAckKeySchema,
  alertStatusKeySchema,
  cardTexts,
  EMERGENCY_TOKEN_PATTERN,
  ErrorCodes,
  FAMILY_ALERTS_PER_ADDRESS_PER_HOUR,
  httpStatusFor,
  familyAlertForContactSchema,
  FamilyAlertMessages,
  familyAlertStatusAnswerSchema,
  type FamilyAlertStatus,
  type LocalizedCardTexts,
  RecordsApi,
  RecordsMessages,
  tellFamilyAnswerSchema,
  type TellFamilyAnswer,
} from '@medical-qr/contracts';
import { AppError, SERVICE_CLIENT, type ServiceClient, storeUnavailableError } from '@medical-qr/platform';
import { cardLanguage } from '../card-page/card-language.js';
import { loadCardPageTemplate, type CardPageTemplate } from '../card-page/card-page-template.js';
import { html } from '../card-page/html.js';
import { icon } from '../card-page/icons.js';
import { sendHtml } from '../card-page/send-html.js';
import { alertStatusText, contactAlertPath, sentAlertPath } from '../card-page/tell-family-view.js';
import type { GatewayConfig } from '../config.js';
import { appUrl } from '../http/app-url.js';
import { limitedAddress } from '../http/client-address.js';
import { setCardHeaders } from '../records/card-headers.js';
import { RateLimiter } from '../rate-limit/rate-limiter.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import { familyAlertOf, isFormPost } from './family-alert-form.js';

const HOUR_MS = 3600 * 1000;

/** An alert as it stands the moment it was sent: texted, nobody answered yet. */
const justSent = (contactsTexted: number): FamilyAlertStatus => ({
  contactsTexted,
  sentAt: new Date().toISOString(),
  state: 'waiting',
  acknowledgedBy: null,
  acknowledgedAt: null,
});

/**
 * "Tell their family" over HTTP, for whoever holds a card: send an alert (the card's script posts JSON; without a
 * script its plain form posts and lands on `/told/{key}`), read its status by the key the sender got, and a texted
 * contact's "I'm on it". Public, like the card: the token, or the alert's keys, are what give access.
 */
@ApiTags('family alerts')
@Controller()
export class FamilyAlertsController {
  private readonly template: CardPageTemplate | undefined;

  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly limiter: RateLimiter,
  ) {
    this.template = loadCardPageTemplate(config.WEB_DIST_DIR);
  }

  @Post('emergency-card/:token/family-alerts')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Texts the card\'s emergency contacts (primary first) what the responder wrote, with a link each to answer "I\'m on it", and tells the owner; JSON, or a plain form (303 to the status page). 404 unknown card, 410 expired, 400 no contact to text, 429 past 3 alerts a card in 10 minutes or 5 an address in an hour',
  })
  @ApiBody({
    schema: { type: 'object' },
    description: 'responderName?, callbackNumber?, message?, place?: {latitude, longitude, accuracyMeters?} | {text}',
  })
  @ApiCreatedResponse({ standardSchema: tellFamilyAnswerSchema })
  async send(@Param('token') token: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    setCardHeaders(res);
    const texts = cardTexts(cardLanguage(req, res, this.config));
    try {
      if (!EMERGENCY_TOKEN_PATTERN.test(token)) throw new AppError(ErrorCodes.NOT_FOUND, RecordsMessages.cardNotFound);
      await this.limiter.hit({
        key: `family-alert:${limitedAddress(req.ip)}`,
        max: FAMILY_ALERTS_PER_ADDRESS_PER_HOUR,
        windowMs: HOUR_MS,
      });
      const alert = familyAlertOf(req);
      const reply = await this.services.send(RecordsApi.tellFamily, {
        token,
        alert,
        language: texts.language,
        viewer: { userAgent: (req.get('user-agent') ?? '').slice(0, 512), ip: req.ip ?? undefined },
        appUrl: appUrl(req, this.config),
      });
      if (!isFormPost(req)) {
        const sent = { ...reply, said: alertStatusText(justSent(reply.contactsTexted), texts) };
        return void res.status(201).json(sent satisfies TellFamilyAnswer);
      }
      const card = encodeURIComponent(`/emergency/${token}`);
      res.redirect(303, `${sentAlertPath(reply.statusKey)}?lang=${texts.language}&card=${card}`);
    } catch (error) {
      const known = storeUnavailableError(error) ?? error;
      // The script's JSON, and anything unforeseen (logged by the error filter), answer as every route does.
      if (!isFormPost(req) || !this.template || !(known instanceof AppError)) throw error;
      await this.formRefused(req, res, known, token, texts);
    }
  }

  @Get('family-alerts/status/:statusKey')
  @ApiOperation({
    summary:
      'The alert a responder sent, by the key they got: how many were texted and who answered, and `said` in the language of `?lang=`',
  })
  @ApiQuery({ name: 'lang', required: false, description: 'The responder language of `said` (as on the card)' })
  @ApiOkResponse({ standardSchema: familyAlertStatusAnswerSchema })
  async status(@Param('statusKey') statusKey: string, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    setCardHeaders(res);
    if (!alertStatusKeySchema.safeParse(statusKey).success) {
      throw new AppError(ErrorCodes.NOT_FOUND, FamilyAlertMessages.notFound);
    }
    const texts = cardTexts(cardLanguage(req, res, this.config));
    const status = await this.services.send(RecordsApi.familyAlertStatus, { statusKey });
    return { ...status, said: alertStatusText(status, texts) };
  }

  @Post('family-alerts/acknowledge')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'A texted contact\'s "I\'m on it" (`ackKey` from their link): the first one acknowledges the alert for everyone; JSON, or a plain form (303 back to their page)',
  })
  @ApiBody({ schema: { type: 'object', properties: { ackKey: { type: 'string' } }, required: ['ackKey'] } })
  @ApiOkResponse({ standardSchema: familyAlertForContactSchema })
  async acknowledge(@Req() req: Request, @Res() res: Response): Promise<void> {
    setCardHeaders(res);
    const ackKey = (req.body as { ackKey?: unknown } | undefined)?.ackKey;
    const parsed = alertAckKeySchema.safeParse(ackKey);
    if (!parsed.success) throw new AppError(ErrorCodes.NOT_FOUND, FamilyAlertMessages.notFound);
    const view = await this.services.send(RecordsApi.acknowledgeFamilyAlert, { ackKey: parsed.data });
    if (isFormPost(req)) return res.redirect(303, contactAlertPath(parsed.data));
    res.status(200).json(view);
  }

  /** A plain form's refusal, as a page: what went wrong in the responder's language, the number to call, the way back. */
  private async formRefused(req: Request, res: Response, error: AppError, token: string, texts: LocalizedCardTexts) {
    const status = httpStatusFor(error.code);
    const said =
      error.code === ErrorCodes.RATE_LIMITED
        ? texts.t('alertLimited')
        : error.code === ErrorCodes.VALIDATION_ERROR
          ? `${texts.t('alertNotSent')} (${error.message})`
          : texts.t('alertNotSent');
    if (error.details?.retryAfterSeconds) {
      res.setHeader('Retry-After', String(error.details.retryAfterSeconds));
    }
    const content = html`<article class="card refusal" aria-labelledby="alert-refused-title">
      <h1 class="refusal-title" id="alert-refused-title">${texts.t('tellFamily')}</h1>
      <p class="refusal-text" role="alert">${said}</p>
      <a class="button secondary" href="/emergency/${encodeURIComponent(token)}?lang=${texts.language}"
        >${icon('phone')}${texts.t('backToCard')}</a
      >
      <footer class="card-footer"><p class="emergency-line">${texts.t('emergencyLead')}</p></footer>
    </article>`;
    const page = this.template!.render({
      title: `${texts.t('tellFamily')} · Medical QR`,
      content,
      lang: texts.tag,
      dir: texts.dir,
    });
    await sendHtml(req, res, status, page);
  }
}
