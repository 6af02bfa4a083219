import { BadGatewayException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { ErrorCodes, ShopApi, ShopMessages } from '@medical-qr/contracts';
import { FakeServiceClient } from '@medical-qr/platform/testing';
import type { GatewayConfig } from '../config.js';
import type { SessionService } from '../session/session.service.js';
import { ImageProxyController } from './image-proxy.controller.js';

const PNG_BYTES = Buffer.from('89504e470d0a1a0a', 'hex');

/** What the controller wrote: status, headers and the bytes. */
function recordingResponse() {
  const written = { status: 0, headers: {} as Record<string, string>, body: undefined as unknown };
  const res = {
    status: (code: number) => ((written.status = code), res),
    type: (type: string) => ((written.headers['content-type'] = type), res),
    setHeader: (name: string, value: string) => ((written.headers[name.toLowerCase()] = value), res),
    send: (body: unknown) => ((written.body = body), res),
  };
  return { res: res as unknown as Response, written };
}

let server: Server;
let host: string;
let controller: ImageProxyController;
const warnings: unknown[] = [];
const visitor = {} as Request;
const USER_ONE = '0c6f2a1e-5b7d-4e3a-9f10-2b3c4d5e6f70';
const USER_TWO = '7d1e3f2a-6c8b-4a9d-8e21-3c4d5e6f7a81';
const signedIn = (userId: string) => ({ as: userId }) as unknown as Request;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/ok.png' || req.url?.startsWith('/mockup/')) {
      res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_BYTES);
    } else if (req.url === '/moved.png') res.writeHead(302, { location: '/ok.png' }).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = { NODE_ENV: 'test', PRINTIFY_IMAGE_HOSTS: host } as GatewayConfig;
  // The shop says whose a mockup is: here, product "mine1" is user one's.
  const shop = new FakeServiceClient().answer(ShopApi.mockupOwned, ({ userId, printifyProductId }) => ({
    owned: userId === USER_ONE && printifyProductId === 'mine1',
  }));
  const sessions = {
    current: async (req: Request & { as?: string }) => (req.as ? { id: 's', data: { userId: req.as } } : undefined),
  } as unknown as SessionService;
  controller = new ImageProxyController(
    config,
    { warn: (entry: unknown) => void warnings.push(entry) } as unknown as Logger,
    shop.asClient(),
    sessions,
  );
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('GET /api/printify/image-proxy', () => {
  it('sends the image with its type, cacheable, unsniffable and inert', async () => {
    const { res, written } = recordingResponse();
    await controller.image({ url: `http://${host}/ok.png` }, visitor, res);
    expect(written).toEqual({
      status: 200,
      headers: {
        'content-type': 'image/png',
        'cache-control': 'public, max-age=86400',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'",
      },
      body: PNG_BYTES,
    });
  });

  it('is a 400 for a URL off the list, and for a redirect on it', async () => {
    for (const url of [`http://localhost:${host.split(':')[1]}/ok.png`, `http://${host}/moved.png`]) {
      await expect(controller.image({ url }, visitor, recordingResponse().res)).rejects.toMatchObject({
        code: ErrorCodes.VALIDATION_ERROR,
        message: ShopMessages.imageNotAllowed,
      });
    }
  });

  it('is a 502 when the image cannot be had, logging the host and why, never the address', async () => {
    const failure = controller.image(
      { url: `http://${host}/secret-path.png?token=abc` },
      visitor,
      recordingResponse().res,
    );
    await expect(failure).rejects.toBeInstanceOf(BadGatewayException);
    await expect(failure).rejects.toMatchObject({ message: ShopMessages.imageUnavailable });
    expect(warnings).toEqual([{ host, reason: 'answered 404' }]);
  });

  it("shows a mockup (it carries its owner's live card) to its owner only, and never from a shared cache", async () => {
    const url = `http://${host}/mockup/mine1/17/front.png`;
    const { res, written } = recordingResponse();
    await controller.image({ url }, signedIn(USER_ONE), res);
    expect([written.status, written.headers['cache-control']]).toEqual([200, 'private, no-store']);
    await expect(controller.image({ url }, visitor, recordingResponse().res)).rejects.toMatchObject({
      code: ErrorCodes.UNAUTHORIZED,
    });
    await expect(controller.image({ url }, signedIn(USER_TWO), recordingResponse().res)).rejects.toMatchObject({
      code: ErrorCodes.NOT_FOUND,
    });
  });
});
