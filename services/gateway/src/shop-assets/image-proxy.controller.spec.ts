import { BadGatewayException } from '@nestjs/common';
import type { Response } from 'express';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { ErrorCodes, ShopMessages } from '@medical-qr/contracts';
import type { GatewayConfig } from '../config.js';
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

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/ok.png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_BYTES);
    else if (req.url === '/moved.png') res.writeHead(302, { location: '/ok.png' }).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = { NODE_ENV: 'test', PRINTIFY_IMAGE_HOSTS: host } as GatewayConfig;
  controller = new ImageProxyController(config, {
    warn: (entry: unknown) => void warnings.push(entry),
  } as unknown as Logger);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('GET /api/printify/image-proxy', () => {
  it('sends the image with its type, cacheable, unsniffable and inert', async () => {
    const { res, written } = recordingResponse();
    await controller.image({ url: `http://${host}/ok.png` }, res);
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
      await expect(controller.image({ url }, recordingResponse().res)).rejects.toMatchObject({
        code: ErrorCodes.VALIDATION_ERROR,
        message: ShopMessages.imageNotAllowed,
      });
    }
  });

  it('is a 502 when the image cannot be had, logging the host and why, never the address', async () => {
    const failure = controller.image({ url: `http://${host}/secret-path.png?token=abc` }, recordingResponse().res);
    await expect(failure).rejects.toBeInstanceOf(BadGatewayException);
    await expect(failure).rejects.toMatchObject({ message: ShopMessages.imageUnavailable });
    expect(warnings).toEqual([{ host, reason: 'answered 404' }]);
  });
});
