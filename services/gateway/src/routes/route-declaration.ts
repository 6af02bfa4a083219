import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { AnyMessage, AuditAction, AuditEntry, MessageReply, MessageRequest } from '@medical-qr/contracts';
import type { ServiceClient } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import type { PublicBucket } from '../rate-limit/public-buckets.js';
import type { Limit } from '../rate-limit/rate-limiter.js';

type AuditDetails = NonNullable<AuditEntry['details']>;

export type HttpVerb = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: a signed-in person (their session); a signed-in person re-authenticated within the last
 * REAUTH_WINDOW_MS (`'reauth'`: 401 signed out, 403 REAUTH_REQUIRED otherwise); anyone, counted in a public
 * rate-limit bucket; or anyone, not counted (`'anyone'`: public data the service caches).
 */
export type RouteAccess = 'session' | 'reauth' | 'anyone' | { public: PublicBucket };

/** Each path parameter's check: answers the value the payload takes, or throws the refusal (a malformed id is a 404). */
export type ParamChecks = Record<string, (raw: string) => unknown>;

/** What a route's request builder gets: the validated body and query, the path parameters, and who asks from where. */
export interface RouteInput<Body, Query, Session, Params extends ParamChecks = ParamChecks> {
  body: Body;
  query: Query;
  params: { [K in keyof Params]: ReturnType<Params[K]> };
  /** The signed-in person's id (routes with `access: 'session'` or `'reauth'`). */
  userId: Session;
  /** Where links in the reply point (PUBLIC_BASE_URL, else http://localhost:PORT). */
  appUrl: string;
  /**
   * The version the client edited, from `If-Match` (optimistic concurrency): read, and documented, for a message
   * that takes `expectedVersion`; undefined without the header.
   */
  expectedVersion: number | undefined;
  /** The request itself, for what a limit counts by (the client's address). */
  req: Request;
  /**
   * For a value the payload needs from another service (the buyer's plan, the account's name), read by a helper
   * (buyer.reader.ts); the route still forwards to its one message and answers that message's reply.
   */
  services: ServiceClient;
}

/** `'<VERB> <path under /api>'`, with `:param` segments: `'PUT medical-records/:id'`. */
export type RouteLine = `${HttpVerb} ${string}`;

/**
 * One plain HTTP route that forwards to a declared bus message: its verb and path, who may call it, what it
 * validates, how the message's payload is made from the request, and what it audits. The HTTP body and query
 * schemas and the OpenAPI entry come from this object; the reply's schema is the message's own (or `reply.schema`).
 */
interface RouteFields<
  M extends AnyMessage = AnyMessage,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Access extends RouteAccess = RouteAccess,
  Params extends ParamChecks = ParamChecks,
  Reply extends z.ZodType = z.ZodType,
> {
  route: RouteLine;
  /** The handler's name (in logs and the OpenAPI operation id); the message's pattern says it unless two routes share one. */
  name?: string;
  /** The OpenAPI summary: what it does, and its refusals. */
  summary: string;
  /** A signed-in person's (`'session'`) unless the route says otherwise: a public route is a choice made in writing. */
  access?: Access;
  /** Counts against the account's writes a minute (UserWriteLimit). */
  countsAsWrite?: boolean;
  /**
   * A limit of the route's own (the export's per hour, the mails per address), counted before the message is sent:
   * past it, 429 with Retry-After. Made from the request, so it can count per account, per email or per address.
   */
  limit?: (input: Input<Body, Query, Access, Params>) => Limit;
  /** The answer may be kept by caches (no `Cache-Control: no-store`): public data only. Every other route is no-store. */
  storable?: boolean;
  body?: Body;
  query?: Query;
  /** Each path parameter's check: answers the value, or throws the refusal (a malformed id is a 404). */
  params?: Params;
  forwards: M;
  /** How long to wait for the message, when longer than a plain question (a call to a provider); config's default otherwise. */
  timeoutMs?: number | ((config: GatewayConfig) => number);
  /**
   * An audit entry once the message succeeded; without details (or when they answer undefined) it has none. It names
   * the signed-in person, or whom `who` says (a visitor's route: the account the reply names, the email typed).
   */
  audit?: {
    action: AuditAction;
    who?: (reply: MessageReply<M>, input: Input<Body, Query, Access, Params>) => Pick<AuditEntry, 'userId' | 'email'>;
    details?: (reply: MessageReply<M>, input: Input<Body, Query, Access, Params>) => AuditDetails | undefined;
  };
  /** Answers part of the message's reply (JSON, status 200), documented by its own schema, instead of all of it. */
  reply?: { schema: Reply; from: (reply: MessageReply<M>) => z.input<Reply> };
  /** Sends the reply itself (headers, a binary body); by default it is sent as JSON with status 200. */
  respond?: (reply: MessageReply<M>, res: Response) => void;
  /**
   * The OpenAPI success entry's description, and its type and schema when the reply is not the message's JSON (an
   * image); without a schema the reply's own is documented.
   */
  documentedReply?: { description: string; produces?: string; schema?: Record<string, unknown> };
}

type Builder<M extends AnyMessage, Body, Query, Access, Params extends ParamChecks> = (
  input: Input<Body, Query, Access, Params>,
) => MessageRequest<M> | Promise<MessageRequest<M>>;

/** What a route forwards unless it builds its payload: the message's own fields, taken from the request by name. */
type Forwarded<Body, Query, Access, Params extends ParamChecks> = (Body extends z.ZodType ? z.output<Body> : unknown) &
  (Query extends z.ZodType ? z.output<Query> : unknown) & { [K in keyof Params]: ReturnType<Params[K]> } & {
    appUrl: string;
    expectedVersion?: number;
  } & (Access extends 'session' | 'reauth' ? { userId: string } : unknown);

/**
 * `request` builds the message's payload; it may be left out when the message's fields are all found by name in the
 * path parameters, query, body, the session's `userId` and `appUrl` (the compiler checks that they are).
 */
type PayloadOf<M extends AnyMessage, Body, Query, Access, Params extends ParamChecks> =
  Forwarded<Body, Query, Access, Params> extends MessageRequest<M>
    ? { request?: Builder<M, Body, Query, Access, Params> }
    : { request: Builder<M, Body, Query, Access, Params> };

type Input<Body, Query, Access, Params extends ParamChecks> = RouteInput<
  Body extends z.ZodType ? z.output<Body> : undefined,
  Query extends z.ZodType ? z.output<Query> : undefined,
  Access extends 'session' | 'reauth' ? string : undefined,
  Params
>;

/** Whether a message takes the version the client edited (it is then read from `If-Match`). */
export function takesExpectedVersion(message: AnyMessage): boolean {
  return 'expectedVersion' in ((message.request as { shape?: object }).shape ?? {});
}

/** A declared route with its defaults applied, as the controller serves it. */
export interface ServedRoute extends RouteFields {
  name: string;
  method: HttpVerb;
  path: string;
  access: RouteAccess;
  request: (input: RouteInput<unknown, unknown, string | undefined>) => unknown;
}

/** Declares a route; the compiler checks that the payload it builds is the one its message takes. */
export function declareRoute<
  M extends AnyMessage,
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Access extends RouteAccess = 'session',
  Params extends ParamChecks = Record<never, never>,
  Reply extends z.ZodType = z.ZodType,
>(route: RouteFields<M, Body, Query, Access, Params, Reply> & PayloadOf<M, Body, Query, Access, Params>): ServedRoute {
  const [method, path] = route.route.split(' ', 2) as [HttpVerb, string];
  return {
    ...(route as RouteFields),
    name: route.name ?? nameOf(route.forwards.pattern),
    method,
    path,
    access: route.access ?? 'session',
    request: (route.request as ServedRoute['request'] | undefined) ?? fieldsOf(route.forwards),
  };
}

/** `records.record-label.set` → `recordLabelSet`: the pattern past its service. */
function nameOf(pattern: string): string {
  return pattern
    .split('.')
    .slice(1)
    .join('-')
    .replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
}

/** The payload taken by name: each of the message's fields from the path, query, body, session or app URL. */
function fieldsOf(message: AnyMessage): ServedRoute['request'] {
  const shape = (message.request as { shape?: Record<string, unknown> }).shape;
  if (!shape) throw new Error(`${message.pattern}: its request is not an object; the route must build its payload`);
  return ({ params, query, body, userId, appUrl, expectedVersion }) => {
    // The session's user and the app URL last: nothing the client sends can stand in for them.
    const fromClient = { ...params, ...(query as object), ...(body as object), expectedVersion };
    const found: Record<string, unknown> = { ...fromClient, userId, appUrl };
    return Object.fromEntries(
      Object.keys(shape)
        .filter((key) => found[key] !== undefined)
        .map((key) => [key, found[key]]),
    );
  };
}
