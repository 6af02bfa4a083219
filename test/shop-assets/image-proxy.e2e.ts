import { ErrorCodes, ShopMessages } from '@medical-qr/contracts';
import { baseUrl } from '../support/api.js';
import { cartLine, shopperClient } from '../shop/shop-fixtures.js';
import { signedInClient } from '../support/accounts.js';
import { HttpClient, randomClientIp } from '../support/http-client.js';

const PNG_SIGNATURE = Buffer.from('89504e470d0a1a0a', 'hex');
/** A catalog picture the Printify stand-in draws (blueprint 566, the pet tag), and the same one "moved". */
const PICTURE_PATH = '/printify-images/blueprints/566/1.png';
const MOVED_PICTURE_PATH = '/printify-images/moved/blueprints/566/1.png';

/** The Printify stand-in's image host, the only one on the test system's PRINTIFY_IMAGE_HOSTS. */
function standIn(): URL {
  const url = process.env.E2E_PRINTIFY_API_URL;
  if (!url) throw new Error('E2E_PRINTIFY_API_URL is not set: the system under test runs no Printify stand-in');
  return new URL(url);
}

const proxyPath = (url: string) => `/api/printify/image-proxy?url=${encodeURIComponent(url)}`;

describe('the print shop image proxy', () => {
  it("shows the Printify stand-in's catalog picture through our origin, byte for byte, as an inert image", async () => {
    const picture = `${standIn().origin}${PICTURE_PATH}`;
    // Raw bytes: the test client reads bodies as text.
    const response = await fetch(`${baseUrl()}${proxyPath(picture)}`, {
      headers: { 'x-forwarded-for': randomClientIp() },
      signal: AbortSignal.timeout(15_000),
    });
    expect(response.status).toBe(200);
    expect({
      type: response.headers.get('content-type'),
      cache: response.headers.get('cache-control'),
      sniffing: response.headers.get('x-content-type-options'),
      policy: response.headers.get('content-security-policy'),
    }).toEqual({
      type: 'image/png',
      cache: 'public, max-age=86400',
      sniffing: 'nosniff',
      policy: "default-src 'none'",
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    const direct = Buffer.from(await (await fetch(picture)).arrayBuffer());
    expect(bytes.equals(direct)).toBe(true);
  });

  const refused: Array<[string, (standInUrl: URL) => string]> = [
    [
      'another port on the allowed address (the gateway itself)',
      () => `http://127.0.0.1:${new URL(baseUrl()).port}/api/health`,
    ],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['localhost', () => 'http://localhost/'],
    ['the stand-in under the name localhost', (host) => `http://localhost:${host.port}${PICTURE_PATH}`],
    ['the stand-in over IPv6 loopback', (host) => `http://[::1]:${host.port}${PICTURE_PATH}`],
    ['localhost.localdomain over https', () => 'https://localhost.localdomain/'],
    ['ftp', (host) => `ftp://${host.host}${PICTURE_PATH}`],
    ['a file', () => 'file:///etc/passwd'],
    ['javascript:', () => 'javascript:alert(document.cookie)'],
    ['a data: URL', () => `data:image/png;base64,${PNG_SIGNATURE.toString('base64')}`],
    ['credentials on the allowed origin', (host) => `http://user:secret@${host.host}${PICTURE_PATH}`],
    ['a relative path', () => PICTURE_PATH],
    ['text that is no URL', () => 'not a url'],
  ];

  it.each(refused)('answers 400 for %s', async (_label, url) => {
    const response = await new HttpClient().get(proxyPath(url(standIn())));
    expect({ status: response.status, body: response.body }).toEqual({
      status: 400,
      body: { statusCode: 400, code: ErrorCodes.VALIDATION_ERROR, message: ShopMessages.imageNotAllowed },
    });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers 400 for an allowed address that redirects, without following it', async () => {
    const moved = `${standIn().origin}${MOVED_PICTURE_PATH}`;
    expect((await fetch(moved, { redirect: 'manual' })).status).toBe(301);
    const response = await new HttpClient().get(proxyPath(moved));
    expect({ status: response.status, message: response.body.message }).toEqual({
      status: 400,
      message: ShopMessages.imageNotAllowed,
    });
  });

  it('answers 400 naming url when it is missing, empty or too long', async () => {
    const client = new HttpClient();
    for (const path of [
      '/api/printify/image-proxy',
      '/api/printify/image-proxy?url=',
      proxyPath(`${standIn().origin}/printify-images/${'a'.repeat(2048)}.png`),
    ]) {
      const response = await client.get(path);
      expect({ path: path.slice(0, 60), status: response.status, code: response.body.code }).toEqual({
        path: path.slice(0, 60),
        status: 400,
        code: ErrorCodes.VALIDATION_ERROR,
      });
      expect(response.body.message).toMatch(/^url: /);
    }
  });

  it('answers 502 when the print shop has no such image, or answers with something other than an image', async () => {
    const client = new HttpClient();
    for (const url of [`${standIn().origin}/printify-images/blueprints/999999/1.png`, `${standIn().origin}/health`]) {
      const response = await client.get(proxyPath(url));
      expect({ url, status: response.status, message: response.body.message }).toEqual({
        url,
        status: 502,
        message: ShopMessages.imageUnavailable,
      });
    }
  });

  it("shows a mockup, which carries its owner's live card, only to its owner, and never from a shared cache", async () => {
    const { client: owner } = await shopperClient('mockup-owner');
    const { mockup } = await cartLine(owner);
    const path = proxyPath(mockup.mockupUrls[0]!);
    const own = await owner.get(path);
    expect([own.status, own.headers.get('cache-control')]).toEqual([200, 'private, no-store']);
    const anonymous = await new HttpClient().get(path);
    expect([anonymous.status, anonymous.body.code]).toEqual([401, ErrorCodes.UNAUTHORIZED]);
    const { client: someoneElse } = await signedInClient('mockup-stranger');
    const theirs = await someoneElse.get(path);
    expect([theirs.status, theirs.body.code]).toEqual([404, ErrorCodes.NOT_FOUND]);
  });
});
