import { applyDecorators, Controller, Headers, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiHeader, ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ErrorCodes, RecordsApi } from '@medical-qr/contracts';
import { AppError, isValidTwilioSignature, SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { appUrl } from '../http/app-url.js';
import { CrossSiteAllowed } from '../http/cross-site-allowed.decorator.js';
import { GATEWAY_CONFIG } from '../tokens.js';

/**
 * One of Twilio's signed form posts: answered 204 (nothing to reply in TwiML; an answer, if any, goes by the API from
 * the queue), documented with its signature header.
 */
function TwilioWebhook(path: string, summary: string) {
  return applyDecorators(
    Post(path),
    HttpCode(204),
    CrossSiteAllowed(),
    ApiOperation({ summary }),
    ApiConsumes('application/x-www-form-urlencoded'),
    ApiHeader({
      name: 'X-Twilio-Signature',
      required: true,
      description: "Base64 HMAC-SHA1, keyed by the account's auth token, of the URL and the sorted form fields",
    }),
    ApiBody({ description: 'The form fields exactly as Twilio posts them', schema: { type: 'object' } }),
    ApiNoContentResponse({ description: 'Taken; nothing to reply' }),
  );
}

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
@ApiTags('sms provider')
@Controller('sms')
export class SmsWebhookController {
  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @TwilioWebhook('inbound', "A text to the service's number: STOP, START, or a printed reference (answered by text)")
  async inbound(@Req() req: Request, @Headers('x-twilio-signature') signature?: string): Promise<void> {
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
  }

  @TwilioWebhook('status', 'The delivery status of a text we sent (sent, delivered, undelivered, failed)')
  async status(@Req() req: Request, @Headers('x-twilio-signature') signature?: string): Promise<void> {
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
