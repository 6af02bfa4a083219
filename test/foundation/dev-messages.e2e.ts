// The Twilio stand-in as people and tests reach it: through the gateway's own origin (/dev/messages, the reply
// form's POST /dev/messages/inbound), and through the platform's SmsSender with the variables every process of the
// system is given.
import { randomInt } from 'node:crypto';
import { loadConfig, SmsSender, smsEnvSchema } from '@medical-qr/platform';
import { api, baseUrl } from '../support/api.js';

interface DevText {
  sid: string;
  to: string;
  from: string;
  body: string;
  sentAt: string;
  direction: 'outbound' | 'inbound';
  status: string;
}

/** A phone number of this test's own (the system is shared with other suites), Ofcom's drama range. */
const phone = () => `+44770090${String(randomInt(0, 10_000)).padStart(4, '0')}`;

async function textsFrom(number: string): Promise<DevText[]> {
  const { status, body } = await api(`/dev/messages.json?from=${encodeURIComponent(number)}`);
  expect(status).toBe(200);
  return body as DevText[];
}

describe('texts on the app origin (/dev/messages)', () => {
  const env = () => ({
    TWILIO_ACCOUNT_SID: process.env.E2E_TWILIO_ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: process.env.E2E_TWILIO_AUTH_TOKEN,
    TWILIO_FROM_NUMBER: process.env.E2E_TWILIO_FROM_NUMBER,
    TWILIO_API_URL: process.env.E2E_TWILIO_API_URL,
  });

  it('takes a text from a phone as JSON through the gateway, posts it to the product and lists it', async () => {
    const from = phone();
    const { status, body } = await api('/dev/messages/inbound', {
      method: 'POST',
      body: JSON.stringify({ from, body: 'On my way' }),
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      message: { from, to: env().TWILIO_FROM_NUMBER, body: 'On my way', direction: 'inbound', status: 'received' },
      posted: { params: { From: from, Body: 'On my way', FromCountry: 'GB', ApiVersion: '2010-04-01' } },
    });
    // It reached the gateway's webhook path and heard its answer, whatever the product makes of it.
    expect(new URL(body.posted.url).pathname).toBe('/api/sms/inbound');
    expect(body.productStatus).toEqual(expect.any(Number));

    expect((await textsFrom(from)).map((text) => [text.sid, text.body, text.direction])).toEqual([
      [body.message.sid, 'On my way', 'inbound'],
    ]);
  });

  it('takes the reply form (form-encoded, as a browser posts it) and shows the texts newest first', async () => {
    const from = phone();
    for (const text of ['first <b>reply</b>', 'second']) {
      const response = await fetch(`${baseUrl()}/dev/messages/inbound`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'text/html',
          origin: new URL(baseUrl()).origin,
        },
        body: new URLSearchParams({ from, body: text }).toString(),
      });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('Text delivered to the system');
    }
    expect((await textsFrom(from)).map((text) => text.body)).toEqual(['second', 'first <b>reply</b>']);

    const page = await fetch(`${baseUrl()}/dev/messages`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('first &lt;b&gt;reply&lt;/b&gt;');
    expect(html).not.toContain('<b>reply');
  });

  it('refuses a malformed text (400, from the stand-in) and one a page on another site sends (403)', async () => {
    const malformed = await api('/dev/messages/inbound', {
      method: 'POST',
      body: JSON.stringify({ from: '07700 900123', body: 'x' }),
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error_description).toMatch(/E\.164/);

    const from = phone();
    const forged = await fetch(`${baseUrl()}/dev/messages/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams({ from, body: 'forged' }).toString(),
    });
    expect(forged.status).toBe(403);
    expect(await textsFrom(from)).toEqual([]);
  });

  it('lists a text the platform SmsSender sends with the variables the system runs with', async () => {
    const config = loadConfig(smsEnvSchema, env());
    expect(new URL(config.TWILIO_API_URL!).hostname).toBe('127.0.0.1');
    const sender = new SmsSender(config);
    expect(sender.enabled).toBe(true);
    const to = phone();
    const sent = await sender.send({ to, body: 'Your card was opened' });

    const { body } = await api(`/dev/messages.json?to=${encodeURIComponent(to)}`);
    expect(body).toEqual([
      expect.objectContaining({
        sid: sent.sid,
        to,
        from: config.TWILIO_FROM_NUMBER,
        body: 'Your card was opened',
        direction: 'outbound',
      }),
    ]);
  });
});
