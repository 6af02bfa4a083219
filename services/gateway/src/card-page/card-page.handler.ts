import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import {
  cardTexts,
  emergencyCardPath,
  type EmergencyCard,
  ErrorCodes,
  firstMinuteBlock,
  firstMinuteLabels,
  type LocalizedCardTexts,
  offlineCardText,
  RecordsMessages,
  RecordsApi,
} from '@medical-qr/contracts';
import { AppError, LOGGER, storeUnavailableError } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { appUrl } from '../http/app-url.js';
import { setCardHeaders } from '../records/card-headers.js';
import { CardReader } from '../records/card-reader.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import { cardLanguage } from './card-language.js';
import { loadCardPageTemplate, type CardPageTemplate } from './card-page-template.js';
import { cardView } from './card-view.js';
import { offlineQrSvg } from './offline-qr-svg.js';
import { qrSvg } from './qr-svg.js';
import { type Refusal, refusalTitle, refusalView } from './refusal-view.js';
import { sendHtml } from './send-html.js';
import { familyAlertsPath } from './tell-family-view.js';

/** The printed card's second code: the first-minute block as plain text, in the reader's language. */
function offlineCode(card: EmergencyCard, texts: LocalizedCardTexts) {
  const labels = firstMinuteLabels(texts);
  const { text } = offlineCardText(firstMinuteBlock(card, texts.language, labels), labels);
  return offlineQrSvg(text, texts.t('readOffline'));
}

/** The token as the path holds it; anything undecodable is simply not a token (a miss). */
function tokenOf(path: string): string {
  try {
    return decodeURIComponent(path.split('/')[2] ?? '');
  } catch {
    return '';
  }
}

/**
 * `/emergency/{token}`, rendered here with the card in it, so it works with JavaScript off and paints in one response.
 * It reads the card as GET /api/emergency-card does (the view is logged, alerts fire, misses count), and answers every
 * refusal with a page that leads with the emergency number: 404 unknown, 429 over the miss limit, 503 when the records
 * service does not answer; an expired card goes to /expired. Every page is in the responder's language (card-language.ts).
 */
@Injectable()
export class CardPageHandler {
  readonly paths = /^\/emergency\/[^/]+\/?$/;
  private readonly template: CardPageTemplate | undefined;

  constructor(
    private readonly cards: CardReader,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.template = loadCardPageTemplate(config.WEB_DIST_DIR);
  }

  /** False without a build of the web app (the web middleware then says how to make one). */
  get ready(): boolean {
    return this.template !== undefined;
  }

  async handle(req: Request, res: Response): Promise<void> {
    setCardHeaders(res);
    const texts = cardTexts(cardLanguage(req, res, this.config));
    const token = tokenOf(req.path);
    let card: EmergencyCard;
    try {
      card = await this.cards.read(RecordsApi.card, token, req, RecordsMessages.cardNotFound);
    } catch (error) {
      return this.refuse(req, res, error, token, texts);
    }
    const cardUrl = appUrl(req, this.config) + emergencyCardPath(token);
    const qr = await qrSvg(cardUrl, texts.t('qrCode'));
    const content = cardView(card, {
      cardUrl,
      qr,
      offlineQr: offlineCode(card, texts),
      printedOn: new Date(),
      smsNumber: this.config.TWILIO_FROM_NUMBER,
      texts,
      familyAlertAction: familyAlertsPath(token),
    });
    const title = texts.t('pageTitle', { name: `${card.firstName} ${card.lastName}` });
    await sendHtml(req, res, 200, this.template!.render({ title, content, lang: texts.tag, dir: texts.dir }));
  }

  private async refuse(
    req: Request,
    res: Response,
    error: unknown,
    token: string,
    texts: LocalizedCardTexts,
  ): Promise<void> {
    // Expired: a server redirect, so the expired page opens with or without a script.
    if (error instanceof AppError && error.code === ErrorCodes.GONE) return res.redirect(303, '/expired');
    // Redis away (a miss is counted there) is the same as the records service away.
    const [status, refusal] = this.refusalFor(storeUnavailableError(error) ?? error);
    if (refusal.kind === 'rate-limited') res.setHeader('Retry-After', String(refusal.retryAfterSeconds));
    const content = refusalView(refusal, emergencyCardPath(token), texts);
    const title = texts.t('refusalPageTitle', { title: refusalTitle(refusal, texts) });
    await sendHtml(req, res, status, this.template!.render({ title, content, lang: texts.tag, dir: texts.dir }));
  }

  private refusalFor(error: unknown): [number, Refusal] {
    if (error instanceof AppError && error.code === ErrorCodes.NOT_FOUND) return [404, { kind: 'not-found' }];
    if (error instanceof AppError && error.code === ErrorCodes.RATE_LIMITED) {
      return [429, { kind: 'rate-limited', retryAfterSeconds: Number(error.details?.retryAfterSeconds ?? 60) }];
    }
    if (error instanceof AppError && error.code === ErrorCodes.SERVICE_UNAVAILABLE)
      return [503, { kind: 'unavailable' }];
    const errorId = randomUUID();
    this.logger.error({ err: error, errorId }, 'the card page could not be rendered');
    return [500, { kind: 'unavailable' }];
  }
}
