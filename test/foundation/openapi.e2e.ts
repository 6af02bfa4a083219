import 'reflect-metadata';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { globSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { api } from '../support/api.js';

const GATEWAY_SRC = fileURLToPath(new URL('../../services/gateway/src/', import.meta.url));
const CONTROLLER_WATERMARK = '__controller__';

interface ServedRoute {
  /** e.g. `post /api/auth/login` */
  key: string;
  path: string;
  method: string;
  handler: string;
  body?: { schema?: z.ZodType };
}

function join(...parts: unknown[]): string {
  const path = parts
    .flatMap((part) => (Array.isArray(part) ? part : [part]))
    .filter((part): part is string => typeof part === 'string' && part !== '' && part !== '/')
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .join('/');
  return `/api/${path}`.replace(/\/:([A-Za-z_]+)/g, '/{$1}').replace(/\/$/, '');
}

/** Every controller class the gateway's files export, and those its modules make (the declared routes'). */
async function controllers(): Promise<Set<unknown>> {
  const found = new Set<unknown>();
  for (const file of globSync('**/*.{controller,module}.ts', { cwd: GATEWAY_SRC })) {
    const exported = (await import(`${GATEWAY_SRC}${file}`)) as Record<string, unknown>;
    for (const value of Object.values(exported)) {
      found.add(value);
      for (const listed of (Reflect.getMetadata('controllers', value as object) ?? []) as unknown[]) found.add(listed);
    }
  }
  return found;
}

/** Every route the gateway's controllers declare, read from their Nest metadata. */
async function servedRoutes(): Promise<ServedRoute[]> {
  const routes: ServedRoute[] = [];
  for (const candidate of await controllers()) {
    if (typeof candidate !== 'function' || !Reflect.getMetadata(CONTROLLER_WATERMARK, candidate)) continue;
    const prefix = Reflect.getMetadata(PATH_METADATA, candidate);
    const args = (name: string) =>
      (Reflect.getMetadata(ROUTE_ARGS_METADATA, candidate, name) ?? {}) as Record<string, { schema?: z.ZodType }>;
    for (const name of Object.getOwnPropertyNames(candidate.prototype)) {
      const handler = candidate.prototype[name];
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (method === undefined) continue;
      const path = join(prefix, Reflect.getMetadata(PATH_METADATA, handler));
      const verb = RequestMethod[method]!.toLowerCase();
      const bodyKey = Object.keys(args(name)).find((key) => key.startsWith(`${RouteParamtypes.BODY}:`));
      routes.push({
        key: `${verb} ${path}`,
        path,
        method: verb,
        handler: `${candidate.name}.${name}`,
        body: bodyKey ? args(name)[bodyKey] : undefined,
      });
    }
  }
  return routes;
}

function documentedOperations(document: any): string[] {
  return Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((method) => ['get', 'post', 'put', 'patch', 'delete', 'options'].includes(method))
      .map((method) => `${method} ${path}`),
  );
}

describe('the OpenAPI document at /api/docs-json', () => {
  let document: any;
  let routes: ServedRoute[];

  beforeAll(async () => {
    const response = await api('/api/docs-json');
    expect(response.status).toBe(200);
    document = response.body;
    routes = await servedRoutes();
  });

  it('lists exactly the operations the gateway serves', () => {
    expect(routes.length).toBeGreaterThan(25);
    expect(documentedOperations(document).sort()).toEqual(routes.map((route) => route.key).sort());
  });

  it('gives every request body the JSON Schema of its zod contract, and no body goes unvalidated', () => {
    for (const route of routes.filter((r) => r.body)) {
      expect({ route: route.handler, hasSchema: route.body!.schema instanceof z.ZodType }).toEqual({
        route: route.handler,
        hasSchema: true,
      });
      const { $schema: _ignored, ...expected } = z.toJSONSchema(route.body!.schema!, {
        target: 'openapi-3.0',
        io: 'input',
      });
      const documented = document.paths[route.path][route.method].requestBody?.content?.['application/json']?.schema;
      expect({ route: route.handler, schema: documented }).toEqual({ route: route.handler, schema: expected });
    }
  });

  it('documents path and query parameters', () => {
    const contacts = document.paths['/api/medical-records/{recordId}/emergency-contacts'].get;
    expect(contacts.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'recordId', in: 'path', required: true })]),
    );
    const history = document.paths['/api/medical-records/history'].get;
    expect(
      history.parameters.map((parameter: { name: string; in: string }) => `${parameter.in}:${parameter.name}`),
    ).toEqual(expect.arrayContaining(['query:page', 'query:limit', 'query:search']));
    // The owner's list is paged too, and answers a page with its paging info; each record is fetched by its id.
    const list = document.paths['/api/medical-records'].get;
    expect(
      list.parameters.map((parameter: { name: string; in: string }) => `${parameter.in}:${parameter.name}`),
    ).toEqual(expect.arrayContaining(['query:page', 'query:limit']));
    expect(Object.keys(list.responses['200'].content['application/json'].schema.properties).sort()).toEqual([
      'limit',
      'page',
      'records',
      'total',
    ]);
    expect(document.paths['/api/medical-records/{recordId}'].get.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'recordId', in: 'path', required: true })]),
    );
    // A save that checks the version reads it from If-Match, and says so.
    expect(document.paths['/api/medical-records/{recordId}'].put.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'If-Match', in: 'header', required: false })]),
    );
    const google = document.paths['/api/auth/google'].get;
    expect(google.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'redirect', in: 'query' })]),
    );
  });

  it('describes each success reply with a schema, and every error with the one error body', () => {
    for (const route of routes) {
      const responses = document.paths[route.path][route.method].responses as Record<string, any>;
      const success = Object.entries(responses).filter(([status]) => /^[23]\d\d$/.test(status));
      expect({ route: route.handler, successes: success.length > 0 }).toEqual({
        route: route.handler,
        successes: true,
      });
      for (const [status, reply] of success) {
        if (status === '204' || status.startsWith('3')) continue;
        // A picture or a PDF is documented as binary, in its own type.
        const binary = reply.content?.['image/png'] ?? reply.content?.['application/pdf'];
        if (binary) {
          expect({ route: route.handler, schema: binary.schema }).toEqual({
            route: route.handler,
            schema: { type: 'string', format: 'binary' },
          });
          continue;
        }
        // An encrypted file (a SMART Health Link's JWE) is documented as text, in its own type.
        const jwe = reply.content?.['application/jose'];
        if (jwe) {
          expect({ route: route.handler, schema: jwe.schema }).toEqual({
            route: route.handler,
            schema: { type: 'string' },
          });
          continue;
        }
        expect({ route: route.handler, status, schema: Boolean(reply.content?.['application/json']?.schema) }).toEqual({
          route: route.handler,
          status,
          schema: true,
        });
      }
      expect(responses['4XX'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorBody' });
      expect(responses['5XX'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorBody' });
    }
    expect(document.components.schemas.ErrorBody.required).toEqual(['statusCode', 'message']);
  });
});
