import { Router, type Request, type Response } from 'express';
import type { SandboxLogger } from '../provider-descriptor.js';
import { apiErrors, authenticate, formBody, paramsOf, sendJson } from './api-http.js';
import { TwilioApiError, TwilioErrors } from './errors.js';
import { MESSAGE_SID, MESSAGING_SERVICE_SID } from './ids.js';
import type { MessageLifecycle } from './status-callbacks.js';
import { API_VERSION, toResource, type MessageStore, type StoredMessage } from './messages.js';
import type { OptOuts } from './opt-outs.js';
import { isPhoneNumber } from './phone-numbers.js';

/** The longest body Twilio sends (it splits it into up to ten segments). */
export const MAX_BODY_CHARS = 1600;

export interface AccountSettings {
  accountSid: string;
  authToken: string;
  /** The account's one SMS number. */
  serviceNumber: string;
  /** The account's one Messaging Service, which sends from that number. */
  messagingServiceSid: string;
}

/**
 * Twilio's test numbers (test credentials): sending to one of these is refused as Twilio refuses it, so the product's
 * handling of each refusal can be tried (https://www.twilio.com/docs/iam/test-credentials).
 */
const TEST_RECIPIENTS: Record<string, (to: string) => TwilioApiError> = {
  '+15005550001': TwilioErrors.invalidTo,
  '+15005550002': TwilioErrors.cannotRoute,
  '+15005550003': TwilioErrors.noInternationalPermission,
  '+15005550004': () => TwilioErrors.unsubscribed(),
  '+15005550009': TwilioErrors.notSmsCapable,
};

const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** The sender: the account's number, given as From or through its Messaging Service. */
function senderOf(params: URLSearchParams, account: AccountSettings): { from: string; service: string | null } {
  const service = params.get('MessagingServiceSid')?.trim();
  const from = params.get('From')?.trim();
  if (service) {
    if (!MESSAGING_SERVICE_SID.test(service) || service !== account.messagingServiceSid) {
      throw TwilioErrors.invalidMessagingService(service);
    }
  } else if (!from) throw TwilioErrors.fromRequired();
  if (from && !isPhoneNumber(from)) throw TwilioErrors.invalidFrom(from);
  if (from && from !== account.serviceNumber) throw TwilioErrors.fromNotOwned(from);
  return { from: account.serviceNumber, service: service || null };
}

/** Checks a new message's parameters as Twilio does, each refusal with Twilio's own code. */
function newMessage(params: URLSearchParams, account: AccountSettings, optOuts: OptOuts) {
  const to = params.get('To')?.trim();
  if (!to) throw TwilioErrors.toRequired();
  if (!isPhoneNumber(to)) throw TwilioErrors.invalidTo(to);
  const sender = senderOf(params, account);
  const refusal = TEST_RECIPIENTS[to];
  if (refusal) throw refusal(to);
  if (to === sender.from) throw TwilioErrors.sameToAndFrom();
  if (optOuts.has(to)) throw TwilioErrors.unsubscribed();
  const body = params.get('Body') ?? '';
  if (!body) throw TwilioErrors.bodyRequired();
  if ([...body].length > MAX_BODY_CHARS) throw TwilioErrors.bodyTooLong();
  const statusCallback = params.get('StatusCallback')?.trim() || null;
  if (statusCallback && !isHttpUrl(statusCallback)) throw TwilioErrors.invalidStatusCallback(statusCallback);
  return { to, body, statusCallback, ...sender };
}

const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 1000;

function wholeNumber(value: string | null, fallback: number): number {
  if (value === null || value === '') return fallback;
  return /^\d{1,6}$/.test(value) ? Number(value) : NaN;
}

/**
 * One page of a list, as Twilio pages: `PageSize` (50, at most 1000), `Page` from 0, and a `PageToken` that holds the
 * last message of the page before (`PA` + its sid) so that texts sent meanwhile do not shift the next page.
 */
function listPage(req: Request, store: MessageStore, accountSid: string) {
  const params = paramsOf(req);
  const filter = { to: params.get('To')?.trim() || undefined, from: params.get('From')?.trim() || undefined };
  const pageSize = wholeNumber(params.get('PageSize'), DEFAULT_PAGE_SIZE);
  const page = wholeNumber(params.get('Page'), 0);
  if (!(pageSize >= 1 && pageSize <= MAX_PAGE_SIZE) || Number.isNaN(page)) throw TwilioErrors.invalidPageSize();
  const all = store.list(filter);
  const token = params.get('PageToken') ?? '';
  const after = token.startsWith('PA') ? all.findIndex((message) => message.sid === token.slice(2)) : -1;
  const start = after >= 0 ? after + 1 : page * pageSize;
  const messages = all.slice(start, start + pageSize);

  const base = `/${API_VERSION}/Accounts/${accountSid}/Messages.json`;
  const query = (extra: Record<string, string>) => {
    const search = new URLSearchParams();
    if (filter.to) search.set('To', filter.to);
    if (filter.from) search.set('From', filter.from);
    search.set('PageSize', String(pageSize));
    for (const [name, value] of Object.entries(extra)) search.set(name, value);
    return `${base}?${search.toString()}`;
  };
  const last = messages[messages.length - 1];
  const hasMore = start + pageSize < all.length;
  return {
    first_page_uri: query({ Page: '0' }),
    end: Math.max(start, start + messages.length - 1),
    previous_page_uri: page > 0 ? query({ Page: String(page - 1) }) : null,
    messages: messages.map(toResource),
    uri: query({ Page: String(page), ...(token ? { PageToken: token } : {}) }),
    page_size: pageSize,
    start,
    next_page_uri: hasMore && last ? query({ Page: String(page + 1), PageToken: `PA${last.sid}` }) : null,
    page,
  };
}

/**
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` (send), `GET .../Messages/{Sid}.json` (fetch) and
 * `GET .../Messages.json` (list, newest first), for the stand-in's one account, answered as Twilio answers.
 */
export function messageRoutes(
  account: AccountSettings,
  store: MessageStore,
  lifecycle: MessageLifecycle,
  optOuts: OptOuts,
  logger: SandboxLogger,
): Router {
  const router = Router();
  const accountPath = `/${API_VERSION}/Accounts/:accountSid`;
  router.use(accountPath, formBody);
  router.use(accountPath, authenticate(account));

  router.post(`${accountPath}/Messages.json`, (req: Request, res: Response) => {
    const fields = newMessage(paramsOf(req), account, optOuts);
    const message: StoredMessage = store.add({
      accountSid: account.accountSid,
      to: fields.to,
      from: fields.from,
      body: fields.body,
      messagingServiceSid: fields.service,
      direction: 'outbound-api',
      // A Messaging Service first accepts a message, then queues it; a message from a number is queued at once.
      status: fields.service ? 'accepted' : 'queued',
      statusCallback: fields.statusCallback,
    });
    lifecycle.start(message);
    sendJson(res, 201, toResource(message));
  });

  router.get(`${accountPath}/Messages.json`, (req: Request, res: Response) => {
    sendJson(res, 200, listPage(req, store, account.accountSid));
  });

  router.get(`${accountPath}/Messages/:sid.json`, (req: Request, res: Response) => {
    const sid = String(req.params.sid);
    const message = MESSAGE_SID.test(sid) ? store.find(sid) : undefined;
    if (!message) throw TwilioErrors.notFound(req.originalUrl.split('?')[0]!);
    sendJson(res, 200, toResource(message));
  });

  router.all(`${accountPath}/Messages.json`, (req: Request) => {
    throw TwilioErrors.methodNotAllowed(req.method);
  });
  // Anything else under the API's version is a path Twilio does not have (for this stand-in).
  router.use(`/${API_VERSION}`, (req: Request) => {
    throw TwilioErrors.notFound(req.originalUrl.split('?')[0]!);
  });
  router.use(`/${API_VERSION}`, apiErrors(logger));
  return router;
}
