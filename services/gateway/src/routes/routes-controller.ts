import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Patch,
  Post,
  Put,
  Query,
  Req,
  Res,
  UseGuards,
  UseInterceptors,
  type Type,
} from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { SERVICE_CLIENT, type AuditTrail, type ServiceClient } from '@medical-qr/platform';
import type { GatewayConfig } from '../config.js';
import { appUrl } from '../http/app-url.js';
import { expectedVersionOf } from '../http/entity-version.js';
import { clientInfo } from '../http/client-info.js';
import { NoStoreInterceptor } from '../http/no-store.interceptor.js';
import { RecentAuthenticationGuard } from '../privacy/recent-authentication.guard.js';
import { PublicRateLimit } from '../rate-limit/public-rate-limit.decorator.js';
import { RateLimiter } from '../rate-limit/rate-limiter.js';
import { UserWriteLimit } from '../rate-limit/user-write-limit.interceptor.js';
import { SessionGuard } from '../session/session.guard.js';
import { signedInOf } from '../session/signed-in.decorator.js';
import { AUDIT_TRAIL, GATEWAY_CONFIG } from '../tokens.js';
import { takesExpectedVersion, type HttpVerb, type RouteAccess, type ServedRoute } from './route-declaration.js';

const IF_MATCH = {
  name: 'If-Match',
  required: false,
  description:
    'The ETag of the version the change was made from (a GET answers it). A change made from an older version is refused with 409 EDIT_CONFLICT and the current one in `current`; without the header the change does not check.',
};

const VERBS: Record<HttpVerb, (path: string) => MethodDecorator> = {
  GET: Get,
  POST: Post,
  PUT: Put,
  PATCH: Patch,
  DELETE: Delete,
};

/** The query's fields as OpenAPI parameters, from the same zod schema that validates them. */
export function queryParameters(schema: z.ZodType): MethodDecorator[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, Record<string, unknown>>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...schemaOf } = property;
    return ApiQuery({
      name,
      required: json.required?.includes(name) ?? false,
      ...(typeof description === 'string' ? { description } : {}),
      schema: schemaOf,
    });
  });
}

/** The OpenAPI success entry: the reply's JSON schema, or what the route says it answers instead. */
function documentedReply(route: ServedRoute): MethodDecorator[] {
  const { description, produces, schema } = route.documentedReply ?? {};
  if (produces && schema) return [ApiProduces(produces), ApiOkResponse({ description, schema })];
  return [ApiOkResponse({ description, standardSchema: route.reply?.schema ?? route.forwards.reply })];
}

/** The guard a route's access asks for. */
function guardOf(access: RouteAccess): MethodDecorator[] {
  if (access === 'session') return [UseGuards(SessionGuard)];
  if (access === 'reauth') return [UseGuards(RecentAuthenticationGuard)];
  if (access === 'anyone') return [];
  return [PublicRateLimit(access.public)];
}

/**
 * A Nest controller made from route declarations: one handler per route, with its guard (session, re-authentication
 * or public bucket), limits, validation, OpenAPI entry, and the forward to its message. Nothing is cached, unless a
 * route says it may be.
 */
export function routesController(className: string, tag: string, routes: readonly ServedRoute[]): Type {
  @ApiTags(tag)
  @Controller()
  class DeclaredRoutes {
    constructor(
      @Inject(SERVICE_CLIENT) readonly services: ServiceClient,
      @Inject(GATEWAY_CONFIG) readonly config: GatewayConfig,
      @Inject(AUDIT_TRAIL) readonly audit: AuditTrail,
      @Inject(RateLimiter) readonly limiter: RateLimiter,
    ) {}
  }
  Object.defineProperty(DeclaredRoutes, 'name', { value: className });

  for (const route of routes) {
    if (Object.hasOwn(DeclaredRoutes.prototype, route.name))
      throw new Error(`${className}: two routes named ${route.name}`);
    async function handle(this: DeclaredRoutes, req: Request, res: Response, body: unknown, query: unknown) {
      const params = Object.fromEntries(
        Object.entries(route.params ?? {}).map(([name, check]) => [name, check(String(req.params[name] ?? ''))]),
      );
      const userId = route.access === 'session' || route.access === 'reauth' ? signedInOf(req)!.data.userId : undefined;
      const expectedVersion = takesExpectedVersion(route.forwards) ? expectedVersionOf(req.get('if-match')) : undefined;
      const input = {
        body,
        query,
        params,
        userId,
        appUrl: appUrl(req, this.config),
        expectedVersion,
        req,
        services: this.services,
      };
      if (route.limit) await this.limiter.hit(route.limit(input as never));
      const payload = await route.request(input);
      const timeoutMs = typeof route.timeoutMs === 'function' ? route.timeoutMs(this.config) : route.timeoutMs;
      const reply = await this.services.send(route.forwards, payload, timeoutMs ? { timeoutMs } : {});
      if (route.audit) {
        const details = route.audit.details?.(reply, input as never);
        await this.audit.record({
          action: route.audit.action,
          ...(route.audit.who ? route.audit.who(reply, input as never) : { userId: userId ?? null }),
          ...clientInfo(req),
          ...(details ? { details } : {}),
        });
      }
      if (route.respond) return route.respond(reply, res);
      res.status(200).json(route.reply ? route.reply.from(reply) : reply);
    }
    Object.defineProperty(handle, 'name', { value: route.name });
    const prototype = DeclaredRoutes.prototype as unknown as Record<string, unknown>;
    const descriptor: PropertyDescriptor = { value: handle, writable: true, configurable: true };
    Object.defineProperty(prototype, route.name, descriptor);

    const decorators: MethodDecorator[] = [
      VERBS[route.method](route.path),
      HttpCode(200),
      ApiOperation({ summary: route.summary }),
      ...guardOf(route.access),
      // Listed after the write limit so it runs first, as a controller-wide interceptor would.
      ...(route.countsAsWrite ? [UserWriteLimit()] : []),
      ...(route.storable ? [] : [UseInterceptors(NoStoreInterceptor)]),
      // Reversed, so the document lists the path's parameters in order and then the headers, as for a written handler.
      ...[
        ...[...route.path.matchAll(/:(\w+)/g)].map(([, name]) =>
          ApiParam({ name: name!, required: true, type: String }),
        ),
        ...(takesExpectedVersion(route.forwards) ? [ApiHeader(IF_MATCH)] : []),
      ].reverse(),
      ...(route.query ? queryParameters(route.query) : []),
      ...documentedReply(route),
    ];
    // Applied as the `@` syntax would, bottom up, so the outcome is the same as a hand-written handler's.
    for (const decorate of decorators.reverse()) decorate(prototype, route.name, descriptor);
    // What TypeScript would emit for a written handler; the OpenAPI explorer reads parameters through it.
    Reflect.defineMetadata('design:paramtypes', [Object, Object, Object, Object], prototype, route.name);
    Req()(prototype, route.name, 0);
    Res()(prototype, route.name, 1);
    if (route.body) Body({ schema: route.body })(prototype, route.name, 2);
    if (route.query) Query({ schema: route.query })(prototype, route.name, 3);
  }
  return DeclaredRoutes;
}
