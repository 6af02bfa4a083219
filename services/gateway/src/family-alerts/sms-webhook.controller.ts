import { Controller, Headers, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ErrorCodes, RecordsApi } from '@medical-qr/contracts';
import { AppError, isValidTwilioSignature, SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { appUrl } from '../http/app-url.js';
import { CrossSiteAllowed } from '../http/cross-site-allowed.decorator.js';
import { GATEWAY_CONFIG } from '../tokens.js';

/** What Twilio takes as "nothing to answer": the reply, if any, goes by its own API from the queue. */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/** One form field as Twilio posts it: a single string. */
function field(params: Record<string, string>, name: string): string | undefined {
  return params[name];
}

/**
 * The SMS provider's calls to us: an inbound text to the service's number (`/api/sms/inbound`) and the status of a
 * text we sent (`/api/sms/status`). Form posts signed with `X-Twilio-Signature` over the URL and the fields, which is
 * checked here with the provider SDK's own check: a wrong or missing signature is a 403 and nothing happens. Another
 * site by design (the provider's servers), so the signature, not the origin, proves the sender.
 */
@ApiExcludeController()
@Controller('sms')
export class SmsWebhookController {
  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post('inbound')
  @HttpCode(200)
  @CrossSiteAllowed()
  async inbound(@Req() req: Request, @Res() res: Response, @Headers('x-twilio-signature') signature?: string) {
    const params = this.signedParams(req, signature);
    const from = field(params, 'From');
    const messageSid = field(params, 'MessageSid');
    if (!from || !messageSid) throw new AppError(ErrorCodes.VALIDATION_ERROR, 'From and MessageSid are required');
    const fromCountry = field(params, 'FromCountry');
    await this.services.send(RecordsApi.smsInbound, {
      messageSid: messageSid.slice(0, 64),
      from: from.slice(0, 32),
      body: (field(params, 'Body') ?? '').slice(0, 1600),
      ...(fromCountry && /^[A-Z]{2}$/.test(fromCountry) ? { fromCountry } : {}),
      appUrl: appUrl(req, this.config),
    });
    res.status(200).type('text/xml').send(EMPTY_TWIML);
  }

  @Post('status')
  @HttpCode(200)
  @CrossSiteAllowed()
  async status(@Req() req: Request, @Res() res: Response, @Headers('x-twilio-signature') signature?: string) {
    const params = this.signedParams(req, signature);
    const messageSid = field(params, 'MessageSid');
    const status = field(params, 'MessageStatus') ?? field(params, 'SmsStatus');
    if (!messageSid || !status)
      throw new AppError(ErrorCodes.VALIDATION_ERROR, 'MessageSid and MessageStatus are required');
    const errorCode = Number(field(params, 'ErrorCode'));
    await this.services.send(RecordsApi.smsStatus, {
      messageSid: messageSid.slice(0, 64),
      status: status.slice(0, 32),
      ...(Number.isInteger(errorCode) && errorCode > 0 ? { errorCode } : {}),
    });
    res.status(204).end();
  }

  /**
   * The post's fields, once its signature is the provider's for the URL it called: the public one (PUBLIC_BASE_URL,
   * as Twilio is configured with it), else the address this request came to (the local stand-in calls 127.0.0.1).
   * Only single string fields take part: Twilio posts nothing else, and anything else fails the check.
   */
  private signedParams(req: Request, signature: string | undefined): Record<string, string> {
    const authToken = this.config.TWILIO_AUTH_TOKEN;
    if (!authToken) throw new AppError(ErrorCodes.NOT_FOUND, 'Texts are not set up on this server.');
    const params = Object.fromEntries(
      Object.entries((req.body ?? {}) as Record<string, unknown>).map(([name, value]) => [name, String(value)]),
    );
    const base = this.config.PUBLIC_BASE_URL?.replace(/\/+$/, '') ?? `${req.protocol}://${req.get('host')}`;
    const url = `${base}${req.originalUrl}`;
    if (!signature || !isValidTwilioSignature(authToken, signature, url, params)) {
      throw new AppError(ErrorCodes.FORBIDDEN, 'The signature of this request is missing or wrong.');
    }
    return params;
  }
}
