import type { Request } from 'express';
import { z } from 'zod';
import { declareMessage, RecordsApi } from '@medical-qr/contracts';
import type { ServiceClient } from '@medical-qr/platform';
import { declareRoute, type RouteInput } from './route-declaration.js';

const userId = '6f1c2f0e-8a4b-4c39-9d63-0f1e2d3c4b5a';
const recordId = '0b0d9a8e-3f2c-4c1e-9a7b-5d6e7f8a9b0c';

function input(fields: Partial<RouteInput<unknown, unknown, string | undefined>>) {
  return {
    body: undefined,
    query: undefined,
    params: {},
    userId,
    appUrl: 'https://medicalqr.app',
    expectedVersion: undefined,
    req: {} as Request,
    services: {} as ServiceClient,
    ...fields,
  };
}

describe('a declared route', () => {
  const setLabel = declareRoute({
    route: 'PUT medical-records/:recordId/label',
    summary: 'Names a code',
    params: { recordId: (raw: string) => raw },
    body: z.object({ label: z.string() }),
    forwards: RecordsApi.setLabel,
  });

  it('is the session’s, named after its message, with its verb and path apart', () => {
    expect(setLabel).toMatchObject({
      name: 'recordLabelSet',
      method: 'PUT',
      path: 'medical-records/:recordId/label',
      access: 'session',
    });
  });

  it('forwards the message’s fields found by name, and nothing else', () => {
    const payload = setLabel.request(input({ params: { recordId }, body: { label: 'Bag tag', extra: 'x' } }));
    expect(payload).toEqual({ userId, recordId, label: 'Bag tag', appUrl: 'https://medicalqr.app' });
  });

  it('takes the user from the session even when the body names another', () => {
    const other = '11111111-2222-4333-8444-555555555555';
    const payload = setLabel.request(input({ params: { recordId }, body: { label: 'x', userId: other } }));
    expect(payload).toMatchObject({ userId });
  });

  it('leaves out what the request did not carry, so the message’s own default applies', () => {
    const payload = setLabel.request(input({ params: { recordId }, body: {} }));
    expect(payload).not.toHaveProperty('label');
  });

  it('refuses at start-up to take fields by name from a request that is not an object', () => {
    const union = declareMessage('records.test.union', {
      request: z.union([z.object({ userId: z.string() }), z.object({ email: z.string() })]),
      reply: z.object({}),
    });
    expect(() =>
      declareRoute({ route: 'GET test', summary: 'A union', forwards: union, request: undefined as never }),
    ).toThrow('records.test.union: its request is not an object; the route must build its payload');
  });
});
