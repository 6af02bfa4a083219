import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import { RedirectedRequestClient } from '@medical-qr/platform';
import { loadSandboxConfig } from '../config.js';
import { startSandboxes, type RunningSandboxes } from '../server.js';
import type { InboundResult } from './inbound.js';
import type { DevMessage } from './messages.js';

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'spec-twilio-auth-token';
const SERVICE_NUMBER = '+15005550006';
const FAMILY = '+14155550123';

/** One form post the stand-in made to the product: where, its signature and its parameters. */
interface Received {
  path: string;
  signature: string;
  idempotencyToken: string;
  contentType: string;
  rawBody: string;
  params: Record<string, string>;
}

/** The product's side: records every form Twilio posts, and can be told to fail the first tries. */
class Receiver {
  readonly received: Received[] = [];
  /** Answer 500 to this many posts before answering 200. */
  failuresLeft = 0;
  url = '';
  private server!: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.receive(req).then((status) => res.writeHead(status).end()));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async receive(req: IncomingMessage): Promise<number> {
    let rawBody = '';
    for await (const chunk of req) rawBody += String(chunk);
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      return 500;
    }
    this.received.push({
      path: req.url ?? '',
      signature: String(req.headers['x-twilio-signature']),
      idempotencyToken: String(req.headers['i-twilio-idempotency-token']),
      contentType: String(req.headers['content-type']),
      rawBody,
      params: Object.fromEntries(new URLSearchParams(rawBody)),
    });
    return 200;
  }

  async waitFor(test: (received: Received) => boolean, count: number, timeoutMs = 10_000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.filter(test);
      if (found.length >= count) return found;
      if (Date.now() > deadline) throw new Error(`timed out: ${found.length} of ${count} posts arrived`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

describe('Twilio stand-in', () => {
  const receiver = new Receiver();
  let sandboxes: RunningSandboxes;
  let client: twilio.Twilio;

  beforeAll(async () => {
    const productUrl = await receiver.start();
    sandboxes = await startSandboxes(
      loadSandboxConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        SANDBOX_HTTP_PORT: '0',
        SANDBOX_PROVIDERS: 'twilio',
        SANDBOX_PRODUCT_URL: productUrl,
        SANDBOX_TWILIO_ACCOUNT_SID: ACCOUNT_SID,
        SANDBOX_TWILIO_AUTH_TOKEN: AUTH_TOKEN,
        SANDBOX_TWILIO_STEP_MS: '50',
        SANDBOX_TWILIO_CALLBACK_RETRY_MS: '50',
      }),
    );
    client = sdkClient(ACCOUNT_SID, AUTH_TOKEN);
  });
  afterAll(async () => {
    await sandboxes.close();
    await receiver.stop();
  });
  beforeEach(async () => {
    expect((await fetch(`${sandboxes.httpUrl}/dev/messages.json`, { method: 'DELETE' })).status).toBe(204);
    receiver.received.length = 0;
    receiver.failuresLeft = 0;
  });

  /** The official SDK, its calls sent to the stand-in instead of api.twilio.com. */
  function sdkClient(accountSid: string, authToken: string): twilio.Twilio {
    return twilio(accountSid, authToken, {
      httpClient: new RedirectedRequestClient(new URL(sandboxes.httpUrl), { timeout: 5000 }),
    });
  }

  /** What the SDK threw, as the RestException it must be. */
  async function refusal(call: Promise<unknown>): Promise<twilio.RestException> {
    const error = await call.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(twilio.RestException);
    return error as twilio.RestException;
  }

  const devMessages = async (query = ''): Promise<DevMessage[]> =>
    (await fetch(`${sandboxes.httpUrl}/dev/messages.json${query}`)).json() as Promise<DevMessage[]>;

  const textIn = (body: unknown, contentType = 'application/json') =>
    fetch(`${sandboxes.httpUrl}/dev/messages/inbound`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('takes a text from the SDK as Twilio does (201, queued) and answers it when fetched', async () => {
    const sent = await client.messages.create({ to: FAMILY, from: SERVICE_NUMBER, body: 'Alex’s card was opened' });
    expect(sent.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(sent).toMatchObject({
      accountSid: ACCOUNT_SID,
      to: FAMILY,
      from: SERVICE_NUMBER,
      body: 'Alex’s card was opened',
      status: 'queued',
      direction: 'outbound-api',
      // ’ is outside GSM-7: the whole text goes as UCS-2, still one segment.
      numSegments: '1',
      numMedia: '0',
      price: null,
      errorCode: null,
      errorMessage: null,
      apiVersion: '2010-04-01',
      uri: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/${sent.sid}.json`,
    });
    // The SDK parses Twilio's RFC 2822 dates.
    expect(Math.abs(sent.dateCreated.getTime() - Date.now())).toBeLessThan(5000);

    const fetched = await client.messages(sent.sid).fetch();
    expect(fetched).toMatchObject({ sid: sent.sid, to: FAMILY, body: 'Alex’s card was opened' });

    const missing = await refusal(client.messages(`SM${'0'.repeat(32)}`).fetch());
    expect(missing).toMatchObject({ status: 404, code: 20404 });
  });

  it('answers the raw Twilio JSON, dates in RFC 2822, with a Twilio-Request-Id', async () => {
    const response = await fetch(`${sandboxes.httpUrl}/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ To: FAMILY, From: SERVICE_NUMBER, Body: 'x'.repeat(161) }).toString(),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('twilio-request-id')).toMatch(/^RQ[0-9a-f]{32}$/);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.date_created).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
    expect(body).toMatchObject({ date_sent: null, num_segments: '2', price: null, error_code: null, status: 'queued' });
  });

  it('sends through the account Messaging Service, which first accepts the text', async () => {
    const sent = await client.messages.create({
      to: FAMILY,
      messagingServiceSid: `MG${'a'.repeat(32)}`,
      body: 'Hello',
    });
    expect(sent).toMatchObject({
      status: 'accepted',
      from: SERVICE_NUMBER,
      messagingServiceSid: `MG${'a'.repeat(32)}`,
    });
    const unknown = await refusal(
      client.messages.create({ to: FAMILY, messagingServiceSid: `MG${'b'.repeat(32)}`, body: 'Hello' }),
    );
    expect(unknown).toMatchObject({ status: 400, code: 21701 });
  });

  it('refuses wrong credentials with 401 (20003), and another account in the path with 404 (20404)', async () => {
    const wrongToken = await refusal(
      sdkClient(ACCOUNT_SID, 'not-the-token').messages.create({ to: FAMILY, from: SERVICE_NUMBER, body: 'x' }),
    );
    expect(wrongToken).toMatchObject({
      status: 401,
      code: 20003,
      moreInfo: 'https://www.twilio.com/docs/errors/20003',
    });
    expect(wrongToken.message).toMatch(/^Authentication Error/);

    const otherAccount = `AC${'f'.repeat(32)}`;
    const wrongAccount = await refusal(
      sdkClient(otherAccount, AUTH_TOKEN).messages.create({ to: FAMILY, from: SERVICE_NUMBER, body: 'x' }),
    );
    expect(wrongAccount).toMatchObject({ status: 401, code: 20003 });

    const elsewhere = await refusal(
      client.api.v2010.accounts(otherAccount).messages.create({ to: FAMILY, from: SERVICE_NUMBER, body: 'x' }),
    );
    expect(elsewhere).toMatchObject({ status: 404, code: 20404 });
    expect(elsewhere.message).toBe(
      `The requested resource /2010-04-01/Accounts/${otherAccount}/Messages.json was not found`,
    );

    const anonymous = await fetch(`${sandboxes.httpUrl}/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Basic realm="Twilio API"');
    expect(await anonymous.json()).toMatchObject({ code: 20003, status: 401 });
    expect(await devMessages()).toEqual([]);
  });

  it.each([
    [
      'an invalid To',
      { to: '+1555', from: SERVICE_NUMBER, body: 'x' },
      21211,
      "The 'To' number +1555 is not a valid phone number.",
    ],
    ['a To without its plus', { to: '4155550123', from: SERVICE_NUMBER, body: 'x' }, 21211, undefined],
    ['Twilio’s invalid test number', { to: '+15005550001', from: SERVICE_NUMBER, body: 'x' }, 21211, undefined],
    ['Twilio’s unroutable test number', { to: '+15005550002', from: SERVICE_NUMBER, body: 'x' }, 21612, undefined],
    ['a From that is not a number', { to: FAMILY, from: 'nonsense!', body: 'x' }, 21212, undefined],
    ['a From of another account', { to: FAMILY, from: '+14155550999', body: 'x' }, 21606, undefined],
    ['the service texting itself', { to: SERVICE_NUMBER, from: SERVICE_NUMBER, body: 'x' }, 21266, undefined],
    ['an empty body', { to: FAMILY, from: SERVICE_NUMBER, body: '' }, 21602, 'Message body is required.'],
    ['a body over 1600 characters', { to: FAMILY, from: SERVICE_NUMBER, body: 'x'.repeat(1601) }, 21617, undefined],
    [
      'a relative StatusCallback',
      { to: FAMILY, from: SERVICE_NUMBER, body: 'x', statusCallback: '/status' },
      21609,
      undefined,
    ],
  ])('refuses %s with 400 and its Twilio code', async (_what, params, code, message) => {
    const error = await refusal(client.messages.create(params));
    expect(error).toMatchObject({ status: 400, code });
    if (message) expect(error.message).toBe(message);
    expect(await devMessages()).toEqual([]);
  });

  it('takes a body of exactly 1600 characters', async () => {
    const sent = await client.messages.create({ to: FAMILY, from: SERVICE_NUMBER, body: 'x'.repeat(1600) });
    expect(sent.numSegments).toBe('11');
  });

  it('posts sent, then delivered, to the StatusCallback, signed as Twilio signs, retrying a failed post', async () => {
    const callback = `${receiver.url}/api/sms/status?record=r1`;
    receiver.failuresLeft = 1;
    const sent = await client.messages.create({
      to: FAMILY,
      from: SERVICE_NUMBER,
      body: 'Card opened',
      statusCallback: callback,
    });
    const posts = await receiver.waitFor((post) => post.params.MessageSid === sent.sid, 2);
    expect(posts.map((post) => post.params.MessageStatus)).toEqual(['sent', 'delivered']);
    for (const post of posts) {
      expect(post.path).toBe('/api/sms/status?record=r1');
      expect(post.contentType).toBe('application/x-www-form-urlencoded');
      expect(post.params).toEqual({
        SmsSid: sent.sid,
        SmsStatus: post.params.MessageStatus,
        MessageStatus: post.params.MessageStatus,
        To: FAMILY,
        MessageSid: sent.sid,
        AccountSid: ACCOUNT_SID,
        From: SERVICE_NUMBER,
        ApiVersion: '2010-04-01',
      });
      expect(twilio.validateRequest(AUTH_TOKEN, post.signature, callback, post.params)).toBe(true);
      expect(twilio.validateRequest('another-token', post.signature, callback, post.params)).toBe(false);
      expect(twilio.validateRequest(AUTH_TOKEN, post.signature, callback, { ...post.params, To: '+14155550999' })).toBe(
        false,
      );
    }
    expect(posts[0]!.idempotencyToken).not.toBe(posts[1]!.idempotencyToken);

    const delivered = await client.messages(sent.sid).fetch();
    expect(delivered.status).toBe('delivered');
    expect(delivered.dateSent).toBeInstanceOf(Date);
  });

  it('lists texts newest first through the SDK, filtered by To, across pages', async () => {
    for (const [index, to] of [FAMILY, '+447700900123', FAMILY, FAMILY].entries()) {
      await client.messages.create({ to, from: SERVICE_NUMBER, body: `text ${index}` });
    }
    const toFamily = await client.messages.list({ to: FAMILY, pageSize: 2 });
    expect(toFamily.map((message) => message.body)).toEqual(['text 3', 'text 2', 'text 0']);
    const all = await client.messages.list({ limit: 10 });
    expect(all.map((message) => message.body)).toEqual(['text 3', 'text 2', 'text 1', 'text 0']);

    const page = await client.messages.page({ pageSize: 3 });
    expect(page.instances).toHaveLength(3);
    expect((await page.nextPage())!.instances.map((message) => message.body)).toEqual(['text 0']);
  });

  it('posts a text from a phone to the product, signed as Twilio signs, and says what the product answered', async () => {
    const response = await textIn({ from: '+447700900123', body: 'On my way & calling 999' });
    expect(response.status).toBe(200);
    const result = (await response.json()) as InboundResult;
    const webhook = `${receiver.url}/api/sms/inbound`;
    expect(result).toMatchObject({
      productStatus: 200,
      posted: { url: webhook },
      message: { from: '+447700900123', to: SERVICE_NUMBER, direction: 'inbound', status: 'received' },
    });

    const [post] = await receiver.waitFor((received) => received.path === '/api/sms/inbound', 1);
    expect(post!.params).toEqual({
      ToCountry: 'US',
      SmsMessageSid: result.message.sid,
      NumMedia: '0',
      SmsSid: result.message.sid,
      SmsStatus: 'received',
      Body: 'On my way & calling 999',
      FromCountry: 'GB',
      To: SERVICE_NUMBER,
      NumSegments: '1',
      MessageSid: result.message.sid,
      AccountSid: ACCOUNT_SID,
      From: '+447700900123',
      ApiVersion: '2010-04-01',
    });
    expect(result.posted.params).toEqual(post!.params);
    expect(twilio.validateRequest(AUTH_TOKEN, post!.signature, webhook, post!.params)).toBe(true);
    // A body changed on the way fails the check.
    const tampered = Object.fromEntries(new URLSearchParams(post!.rawBody.replace('calling', 'not+calling')));
    expect(tampered.Body).toBe('On my way & not calling 999');
    expect(twilio.validateRequest(AUTH_TOKEN, post!.signature, webhook, tampered)).toBe(false);

    // The form a phone's reply form sends works the same way.
    const form = await textIn('from=%2B14155550123&body=Thanks', 'application/x-www-form-urlencoded');
    expect(form.status).toBe(200);
    expect((await devMessages()).map((message) => [message.direction, message.from, message.body])).toEqual([
      ['inbound', FAMILY, 'Thanks'],
      ['inbound', '+447700900123', 'On my way & calling 999'],
    ]);
  });

  it.each([
    ['no from', { body: 'hi' }, /"from" is required/],
    ['a from that is not E.164', { from: '07700 900123', body: 'hi' }, /"from" must be a phone number in E\.164/],
    ['no body', { from: FAMILY }, /"body" is required/],
    ['an empty body', { from: FAMILY, body: '' }, /"body" must not be empty/],
    ['a body over 1600 characters', { from: FAMILY, body: 'x'.repeat(1601) }, /at most 1600 characters/],
  ])('refuses a text from a phone with %s (400, saying why)', async (_what, body, message) => {
    const response = await textIn(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error_description: string }).error_description).toMatch(message);
    expect(receiver.received).toEqual([]);
  });

  it('sends nothing more to a phone that texted STOP (21610), until it texts START, as Twilio does by default', async () => {
    expect((await textIn({ from: FAMILY, body: ' stop ' })).status).toBe(200);
    const refused = await refusal(client.messages.create({ to: FAMILY, from: SERVICE_NUMBER, body: 'Alex needs you' }));
    expect(refused).toMatchObject({ status: 400, code: 21610 });
    expect(refused.message).toBe('Attempt to send to unsubscribed recipient');
    // Another phone is still texted; a word inside a longer text opts nobody out.
    expect((await textIn({ from: '+447700900123', body: 'please stop by later' })).status).toBe(200);
    await client.messages.create({ to: '+447700900123', from: SERVICE_NUMBER, body: 'Still here' });

    expect((await textIn({ from: FAMILY, body: 'START' })).status).toBe(200);
    const sent = await client.messages.create({ to: FAMILY, from: SERVICE_NUMBER, body: 'Alex needs you' });
    expect(sent.status).toBe('queued');
  });

  it('refuses a text from a phone whose JSON does not parse with 400', async () => {
    const response = await textIn('{"from": ');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error_description: string }).error_description).toMatch(/could not be read/);
  });

  it('lists every text newest first at /dev/messages.json, filters by number, and clears', async () => {
    await client.messages.create({ to: FAMILY, from: SERVICE_NUMBER, body: 'first' });
    await textIn({ from: FAMILY, body: 'second' });
    await client.messages.create({ to: '+14155550999', from: SERVICE_NUMBER, body: 'third' });

    const listed = await devMessages();
    expect(listed.map((message) => [message.body, message.direction])).toEqual([
      ['third', 'outbound'],
      ['second', 'inbound'],
      ['first', 'outbound'],
    ]);
    for (const message of listed) {
      expect(message.sid).toMatch(/^SM[0-9a-f]{32}$/);
      expect(new Date(message.sentAt).toISOString()).toBe(message.sentAt);
    }
    expect((await devMessages(`?to=${encodeURIComponent(FAMILY)}`)).map((message) => message.body)).toEqual(['first']);
    expect((await devMessages(`?from=${encodeURIComponent(FAMILY)}`)).map((message) => message.body)).toEqual([
      'second',
    ]);

    expect((await fetch(`${sandboxes.httpUrl}/dev/messages.json`, { method: 'DELETE' })).status).toBe(204);
    expect(await devMessages()).toEqual([]);
  });

  it('shows the texts in an escaped HTML page with a reply form, under a CSP without scripts', async () => {
    await client.messages.create({
      to: FAMILY,
      from: SERVICE_NUMBER,
      body: '<script>alert("x")</script> & <b>bold</b>',
    });
    const response = await fetch(`${sandboxes.httpUrl}/dev/messages`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    const page = await response.text();
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<b>bold');
    expect(page).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
    expect(page).toContain(`To ${FAMILY}`);
    // The reply form answers as the phone the system last texted.
    expect(page).toContain('<form class="card stack" method="post" action="messages/inbound">');
    expect(page).toContain(`name="from" value="${FAMILY}"`);

    // Sent from that form by a browser, the text shows a page, not JSON.
    const reply = await fetch(`${sandboxes.httpUrl}/dev/messages/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,*/*;q=0.8' },
      body: new URLSearchParams({ from: FAMILY, body: 'ok <i>thanks</i>' }).toString(),
    });
    expect(reply.status).toBe(200);
    const result = await reply.text();
    expect(result).toContain('The system answered HTTP 200.');
    expect(result).toContain('href="../messages"');
    const after = await (await fetch(`${sandboxes.httpUrl}/dev/messages`)).text();
    expect(after).toContain('ok &lt;i&gt;thanks&lt;/i&gt;');
    expect(after).toContain('Incoming (a phone texted the service)');
  });
});

describe('Twilio stand-in without the product address', () => {
  it('refuses a text from a phone with 503, saying why', async () => {
    const sandboxes = await startSandboxes(
      loadSandboxConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SANDBOX_HTTP_PORT: '0', SANDBOX_PROVIDERS: 'twilio' }),
    );
    try {
      const response = await fetch(`${sandboxes.httpUrl}/dev/messages/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from: FAMILY, body: 'hi' }),
      });
      expect(response.status).toBe(503);
      expect(((await response.json()) as { error_description: string }).error_description).toMatch(
        /SANDBOX_PRODUCT_URL/,
      );
    } finally {
      await sandboxes.close();
    }
  });
});
