import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { AnyMessage, AuditAction, AuditEntry, MessageReply, MessageRequest } from '@medical-qr/contracts';

type AuditDetails = NonNullable<AuditEntry['details']>;
import type { PublicBucket } from '../rate-limit/public-buckets.js';

export type HttpVerb = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call a route: a signed-in person (their session), or anyone, counted in a public rate-limit bucket. */
export type RouteAccess = 'session' | { public: PublicBucket };

/** What a route's request builder gets: the validated body and query, the path parameters, and who asks from where. */
export interface RouteInput<Body, Query, Session> {
  body: Body;
  query: Query;
  params: Record<string, string>;
  /** The signed-in person's id (routes with `access: 'session'`). */
  userId: Session;
  /** Where links in the reply point (PUBLIC_BASE_URL, else http://localhost:PORT). */
  appUrl: string;
  /** The request itself, for the rare header a message needs (`If-Match`). */
  req: Request;
}

/**
 * One plain HTTP route that forwards to a declared bus message: its method and path, who may call it, what it
 * validates, how the message's payload is made from the request, and what it audits. The HTTP body and query
 * schemas and the OpenAPI entry come from this object; the reply's schema is the message's own.
 */
export interface RouteDeclaration<
  M extends AnyMessage = AnyMessage,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Access extends RouteAccess = RouteAccess,
> {
  /** The handler's name (in logs and the OpenAPI operation id). */
  name: string;
  method: HttpVerb;
  /** Under /api, with `:param` segments. */
  path: string;
  /** The OpenAPI summary: what it does, and its refusals. */
  summary: string;
  access: Access;
  /** Counts against the account's writes a minute (UserWriteLimit). */
  countsAsWrite?: boolean;
  body?: Body;
  query?: Query;
  /** Each path parameter's check: answers the value, or throws the refusal (a malformed id is a 404). */
  params?: Record<string, (raw: string) => string>;
  forwards: M;
  request: (
    input: RouteInput<
      Body extends z.ZodType ? z.output<Body> : undefined,
      Query extends z.ZodType ? z.output<Query> : undefined,
      Access extends 'session' ? string : undefined
    >,
  ) => MessageRequest<M>;
  /** An audit entry once the message succeeded. */
  audit?: {
    action: AuditAction;
    details?: (reply: MessageReply<M>, params: Record<string, string>) => AuditDetails;
  };
  /** Sends the reply itself (headers, a binary body); by default it is sent as JSON with status 200. */
  respond?: (reply: MessageReply<M>, res: Response) => void;
  /** Request headers the route reads, for the OpenAPI entry. */
  documentedHeaders?: Array<{ name: string; description: string }>;
  /** The OpenAPI success entry, when the reply is not the message's JSON (an image). */
  documentedReply?: { description: string; produces: string; schema: Record<string, unknown> };
}

/** Declares a route; the compiler checks that the payload it builds is the one its message takes. */
export function declareRoute<
  M extends AnyMessage,
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Access extends RouteAccess = RouteAccess,
>(route: RouteDeclaration<M, Body, Query, Access>): RouteDeclaration {
  return route as unknown as RouteDeclaration;
}
