// The product's SmsSender (libs/platform) as services run it: the official `twilio` SDK, pointed at the stand-in
// by TWILIO_API_URL exactly as `npm start` and the end-to-end stack point it, with the variables the stand-in's
// descriptor gives the product.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  isValidTwilioSignature,
  loadConfig,
  SmsNotConfiguredError,
  SmsProviderError,
  SmsSender,
  smsEnvSchema,
  type SmsEnv,
} from '@medical-qr/platform';
import { loadSandboxConfig } from '../config.js';
import { startSandboxes, type RunningSandboxes } from '../server.js';
import { twilioProvider } from './index.js';
import type { DevMessage } from './messages.js';

const FAMILY = '+14155550123';

describe('SmsSender against the Twilio stand-in', () => {
  let sandboxes: RunningSandboxes;
  let config: SmsEnv;
  let callbacks: Server;
  const posted: Array<{ url: string; signature: string | undefined; params: Record<string, string> }> = [];

  beforeAll(async () => {
    callbacks = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += String(chunk)));
      req.on('end', () => {
        const address = callbacks.address() as AddressInfo;
        posted.push({
          url: `http://127.0.0.1:${address.port}${req.url}`,
          signature: req.headers['x-twilio-signature'] as string | undefined,
          params: Object.fromEntries(new URLSearchParams(body)),
        });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => callbacks.listen(0, '127.0.0.1', resolve));
    sandboxes = await startSandboxes(
      loadSandboxConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        SANDBOX_HTTP_PORT: '0',
        SANDBOX_PROVIDERS: 'twilio',
        SANDBOX_TWILIO_STEP_MS: '30',
      }),
    );
    // What the launcher gives every process, read through the platform's schema as a service reads it.
    const settings = Object.fromEntries(
      Object.entries(twilioProvider.settings).map(([name, { defaultValue }]) => [name, defaultValue]),
    );
    const env = twilioProvider.productEnv({
      serverUrl: sandboxes.httpUrl,
      browserUrl: sandboxes.httpUrl,
      ports: {},
      settings,
      env: {},
    });
    config = loadConfig(smsEnvSchema, env);
  });
  afterAll(async () => {
    await sandboxes.close();
    callbacks.closeAllConnections();
    await new Promise((resolve) => callbacks.close(resolve));
  });
  afterEach(async () => {
    await fetch(`${sandboxes.httpUrl}/dev/faults`, { method: 'DELETE' });
  });

  const texts = async () => (await (await fetch(`${sandboxes.httpUrl}/dev/messages.json`)).json()) as DevMessage[];

  /** What send() threw, as the SmsProviderError it must be. */
  async function failure(sender: SmsSender, to = FAMILY, body = 'hello'): Promise<SmsProviderError> {
    const error = await sender.send({ to, body }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(SmsProviderError);
    return error as SmsProviderError;
  }

  it('sends a text from the configured number, which the stand-in keeps', async () => {
    const sender = new SmsSender(config);
    expect(sender.enabled).toBe(true);
    const sent = await sender.send({ to: FAMILY, body: 'Your emergency card was opened.' });
    expect(sent).toEqual({ sid: expect.stringMatching(/^SM[0-9a-f]{32}$/), status: 'queued' });
    expect((await texts())[0]).toMatchObject({
      sid: sent.sid,
      to: FAMILY,
      from: config.TWILIO_FROM_NUMBER,
      body: 'Your emergency card was opened.',
      direction: 'outbound',
    });
  });

  it('has Twilio post the statuses to statusCallbackUrl, which isValidTwilioSignature accepts', async () => {
    const port = (callbacks.address() as AddressInfo).port;
    const statusCallbackUrl = `http://127.0.0.1:${port}/api/sms/status?alert=a1`;
    const sent = await new SmsSender(config).send({ to: FAMILY, body: 'Status, please', statusCallbackUrl });
    const deadline = Date.now() + 10_000;
    while (posted.filter((post) => post.params.MessageSid === sent.sid).length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const mine = posted.filter((post) => post.params.MessageSid === sent.sid);
    expect(mine.map((post) => post.params.MessageStatus)).toEqual(['sent', 'delivered']);
    for (const post of mine) {
      expect(post.url).toBe(statusCallbackUrl);
      expect(isValidTwilioSignature(config.TWILIO_AUTH_TOKEN!, post.signature, post.url, post.params)).toBe(true);
      expect(isValidTwilioSignature('another-auth-token', post.signature, post.url, post.params)).toBe(false);
      expect(isValidTwilioSignature(config.TWILIO_AUTH_TOKEN!, undefined, post.url, post.params)).toBe(false);
      expect(
        isValidTwilioSignature(config.TWILIO_AUTH_TOKEN!, post.signature, post.url, { ...post.params, To: '+1999' }),
      ).toBe(false);
    }
  });

  it("turns Twilio's refusals into permanent errors carrying its code and status", async () => {
    const invalid = await failure(new SmsSender(config), '+1555');
    expect(invalid).toMatchObject({ code: 21211, status: 400, retryable: false });
    expect(invalid.message).toContain("The 'To' number +1555 is not a valid phone number.");

    const tooLong = await failure(new SmsSender(config), FAMILY, 'x'.repeat(1601));
    expect(tooLong).toMatchObject({ code: 21617, status: 400, retryable: false });

    const wrongToken = await failure(new SmsSender({ ...config, TWILIO_AUTH_TOKEN: 'not-the-token' }));
    expect(wrongToken).toMatchObject({ code: 20003, status: 401, retryable: false });
  });

  it.each([
    [500, 20500],
    [503, 20500],
    [429, 20429],
  ])('calls an answer %i retryable, with the code Twilio gave', async (status, code) => {
    await fetch(`${sandboxes.httpUrl}/dev/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/Messages\\.json$', mode: 'fail', status }),
    });
    expect(await failure(new SmsSender(config))).toMatchObject({ status, code, retryable: true });
  });

  it('calls a Twilio it cannot reach retryable, without a status', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(new SmsSender({ ...config, TWILIO_API_URL: `http://127.0.0.1:${port}` }));
    expect(error).toMatchObject({ status: undefined, code: undefined, retryable: true });
    expect(error.message).toMatch(/^Twilio could not be reached/);
  });

  it('gives up on a Twilio that does not answer within its timeout, retryable', async () => {
    await fetch(`${sandboxes.httpUrl}/dev/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/Messages\\.json$', mode: 'hang', ms: 3000 }),
    });
    const started = Date.now();
    const error = await failure(new SmsSender(config, { timeoutMs: 300 }));
    expect(Date.now() - started).toBeLessThan(2500);
    expect(error).toMatchObject({ status: undefined, retryable: true });
  });

  it('is off without the account, and then refuses to send, saying what to set', async () => {
    const sender = new SmsSender({});
    expect(sender.enabled).toBe(false);
    await expect(sender.send({ to: FAMILY, body: 'x' })).rejects.toThrow(SmsNotConfiguredError);
    await expect(sender.send({ to: FAMILY, body: 'x' })).rejects.toThrow(
      /TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER/,
    );
  });
});
