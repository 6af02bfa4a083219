import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { alertAckKeySchema, cardTexts, ErrorCodes, type LocalizedCardTexts, RecordsApi } from '@medical-qr/contracts';
import { AppError, LOGGER, SERVICE_CLIENT, type ServiceClient, storeUnavailableError } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { setCardHeaders } from '../records/card-headers.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import { cardLanguage } from './card-language.js';
import { loadCardPageTemplate, type CardPageTemplate } from './card-page-template.js';
import type { SafeHtml } from './html.js';
import { refusalTitle, refusalView, type Refusal } from './refusal-view.js';
import { sendHtml } from './send-html.js';
import { contactAlertView, sentAlertView } from './tell-family-view.js';

const CONTACT_PAGE = /^\/f\/([A-Za-z0-9_-]+)\/?$/;
const SENT_PAGE = /^\/told\/([A-Za-z0-9_-]+)\/?$/;

/**
 * The two pages of a family alert, rendered like the card (no script needed, never cached, no referrer): `/f/{key}`,
 * which a contact's text links to (in the owner's language, which the texts were written in), and `/told/{key}`, where
 * a responder's plain form lands (in the responder's language). An unknown key is the card's not-found page.
 */
@Injectable()
export class FamilyAlertPagesHandler {
  readonly paths = /^\/(f|told)\/[A-Za-z0-9_-]+\/?$/;
  private readonly template: CardPageTemplate | undefined;

  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.template = loadCardPageTemplate(config.WEB_DIST_DIR);
  }

  get ready(): boolean {
    return this.template !== undefined;
  }

  async handle(req: Request, res: Response): Promise<void> {
    setCardHeaders(res);
    const contactKey = CONTACT_PAGE.exec(req.path)?.[1];
    if (contactKey !== undefined) return this.contactPage(req, res, contactKey);
    return this.sentPage(req, res, SENT_PAGE.exec(req.path)?.[1] ?? '');
  }

  private async contactPage(req: Request, res: Response, ackKey: string): Promise<void> {
    try {
      if (!alertAckKeySchema.safeParse(ackKey).success) throw new AppError(ErrorCodes.NOT_FOUND, 'no such alert');
      const alert = await this.services.send(RecordsApi.familyAlertForContact, { ackKey });
      const texts = cardTexts(alert.language);
      const title = texts.t('contactPageTitle', { name: alert.personName });
      await this.send(req, res, 200, title, contactAlertView(alert, ackKey, texts), texts);
    } catch (error) {
      await this.refuse(req, res, error, cardTexts(cardLanguage(req, res, this.config)));
    }
  }

  private async sentPage(req: Request, res: Response, statusKey: string): Promise<void> {
    const texts = cardTexts(cardLanguage(req, res, this.config));
    try {
      if (!alertAckKeySchema.safeParse(statusKey).success) throw new AppError(ErrorCodes.NOT_FOUND, 'no such alert');
      const status = await this.services.send(RecordsApi.familyAlertStatus, { statusKey });
      const back =
        typeof req.query.card === 'string' && /^\/emergency\/[^/]+$/.test(req.query.card) ? req.query.card : '/';
      await this.send(req, res, 200, texts.t('alertSentTitle'), sentAlertView(status, back, texts), texts);
    } catch (error) {
      await this.refuse(req, res, error, texts);
    }
  }

  private async refuse(req: Request, res: Response, error: unknown, texts: LocalizedCardTexts): Promise<void> {
    const known = storeUnavailableError(error) ?? error;
    const notFound = known instanceof AppError && known.code === ErrorCodes.NOT_FOUND;
    if (!notFound && !(known instanceof AppError && known.code === ErrorCodes.SERVICE_UNAVAILABLE)) {
      this.logger.error({ err: error }, 'a family alert page could not be rendered');
    }
    const refusal: Refusal = notFound ? { kind: 'not-found' } : { kind: 'unavailable' };
    const content = refusalView(refusal, req.path, texts);
    await this.send(req, res, notFound ? 404 : 503, refusalTitle(refusal, texts), content, texts);
  }

  private async send(
    req: Request,
    res: Response,
    status: number,
    title: string,
    content: SafeHtml,
    texts: LocalizedCardTexts,
  ): Promise<void> {
    const page = this.template!.render({ title: `${title} · Medical QR`, content, lang: texts.tag, dir: texts.dir });
    await sendHtml(req, res, status, page);
  }
}
