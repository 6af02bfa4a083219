import { randomInt } from 'node:crypto';
import { WebSocket } from 'ws';
import { baseUrl } from '../support/api.js';
import { eventually, pause } from '../support/eventually.js';
import { HttpClient, mailTo } from '../support/http-client.js';
import { ackKeyIn, ownerWithCard, textsArrive, textsTo, uniqueNumber } from './family-alert-fixtures.js';

async function liveSocketOf(owner: HttpClient) {
  const socket = new WebSocket(`${baseUrl().replace(/^http/, 'ws')}/ws`, {
    headers: { cookie: [...owner.cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
  });
  const messages: Array<Record<string, unknown>> = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as Record<string, unknown>));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  await pause(300); // filed under its user once the session is read
  return { socket, messages };
}

const alertsPath = (token: string) => `/api/emergency-card/${token}/family-alerts`;

describe('"Tell their family" from a card', () => {
  it('texts every contact what the responder wrote; mails and pushes to the owner; the first "I\'m on it" acknowledges it', async () => {
    const { owner, email, token, primary, other } = await ownerWithCard();
    const live = await liveSocketOf(owner);
    const responder = new HttpClient();
    try {
      const sent = await responder.post(alertsPath(token), {
        responderName: 'Sam',
        callbackNumber: '+44 7700 900456',
        message: "Taken to St Mary's A&E",
        place: { latitude: 51.51783, longitude: -0.17359, accuracyMeters: 12 },
      });
      expect(sent.status).toBe(201);
      expect(sent.body).toEqual({
        statusKey: expect.any(String),
        contactsTexted: 2,
        said: 'Sent to 2 contacts. Waiting for one of them to answer.',
      });
      expect(JSON.stringify(sent.body)).not.toContain(primary.slice(-7));
      // The responder's page asks how it went, by the key it got (never seeing a number).
      const status = await responder.get(`/api/family-alerts/status/${sent.body.statusKey}`);
      expect(status.body).toMatchObject({ contactsTexted: 2, state: 'waiting', acknowledgedBy: null });
      // Asked in the responder's language, it says so in theirs.
      const inSpanish = await responder.get(`/api/family-alerts/status/${sent.body.statusKey}?lang=es`);
      expect(inSpanish.body.said).toBe('Enviado a 2 contactos. Esperando a que alguno responda.');

      const [text] = await textsArrive(primary);
      expect(text!.body).toContain("Taken to St Mary's A&E");
      expect(text!.body).toContain('+44 7700 900456');
      expect(text!.body).toContain('From: Sam');
      expect(text!.body).toContain('https://www.openstreetmap.org/?mlat=51.51783&mlon=-0.17359');
      expect(text!.body).toContain('Reply STOP');
      const [otherText] = await textsArrive(other);
      expect(otherText!.body).toContain("Taken to St Mary's A&E");

      const mail = await eventually(
        async () => (await mailTo(email)).find((each) => /reach your family/.test(each.subject)),
        (found) => found !== undefined,
      );
      expect(mail!.text).toContain("Message: Taken to St Mary's A&E");
      expect(mail!.text).toContain('Call them back: +44 7700 900456');
      await eventually(
        async () => live.messages.find((message) => message.type === 'family_alert'),
        (message) => message?.state === 'waiting',
      );

      // Opening the contact's link shows the alert and answers nothing (a link preview opens it too).
      const ackKey = ackKeyIn(text!.body)!;
      const page = await new HttpClient().get(`/f/${ackKey}`);
      expect(page.status).toBe(200);
      expect(page.body).toContain('Someone is helping Imogen Thornbury');
      expect((await responder.get(`/api/family-alerts/status/${sent.body.statusKey}`)).body.acknowledgedBy).toBeNull();

      const answered = await new HttpClient().post('/api/family-alerts/acknowledge', `ackKey=${ackKey}`);
      expect(answered.status).toBe(303);
      expect(answered.location).toBe(`/f/${ackKey}`);
      const after = await responder.get(`/api/family-alerts/status/${sent.body.statusKey}?lang=en`);
      expect(after.body).toMatchObject({
        state: 'acknowledged',
        acknowledgedBy: { name: 'Ana Vasquez', relationship: 'Mother' },
        said: 'Sent to 2 contacts. Ana Vasquez is on it.',
      });
      await eventually(
        async () => live.messages.filter((message) => message.type === 'family_alert').map((message) => message.state),
        (states) => states.includes('acknowledged'),
      );

      // A second contact answering later changes nothing: the first answer stands.
      const late = await new HttpClient().post('/api/family-alerts/acknowledge', {
        ackKey: ackKeyIn((await textsTo(other))[0]!.body),
      });
      expect(late.status).toBe(200);
      expect(late.body).toMatchObject({ acknowledgedByYou: false, acknowledgedBy: { name: 'Ana Vasquez' } });

      const listed = await owner.get('/api/family-alerts');
      expect(listed.status).toBe(200);
      expect(listed.body.alerts[0]).toMatchObject({
        state: 'acknowledged',
        contactsTexted: 2,
        note: { responderName: 'Sam', message: "Taken to St Mary's A&E", source: 'card' },
      });
    } finally {
      live.socket.close();
    }
  });

  it('works as a plain form post: the responder lands on the status page in their language', async () => {
    const { token, primary } = await ownerWithCard(1);
    const responder = new HttpClient();
    const posted = await responder.post(
      `${alertsPath(token)}?lang=es`,
      new URLSearchParams({
        message: 'Lo llevan al hospital',
        placeText: 'Estación de Atocha, andén 2',
        callbackNumber: '',
      }).toString(),
    );
    expect(posted.status).toBe(303);
    expect(posted.location).toMatch(/^\/told\/[A-Za-z0-9_-]+\?lang=es&card=/);
    const [text] = await textsArrive(primary);
    expect(text!.body).toContain('Lo llevan al hospital');
    expect(text!.body).toContain('Estación de Atocha, andén 2');
    const page = await responder.get(posted.location!);
    expect(page.status).toBe(200);
    expect(page.body).toContain('lang="es"');
    expect(page.body).toContain('1 contacto');
  });

  it('refuses what is wrong with a message that names it, and a card that does not open', async () => {
    const { token } = await ownerWithCard(1);
    const responder = new HttpClient();
    const badNumber = await responder.post(alertsPath(token), { callbackNumber: 'call me maybe' });
    expect(badNumber.status).toBe(400);
    expect(badNumber.body.message).toMatch(/callbackNumber/);
    const offEarth = await responder.post(alertsPath(token), { place: { latitude: 91, longitude: 0 } });
    expect(offEarth.status).toBe(400);
    expect(offEarth.body.message).toMatch(/latitude/);
    const tooLong = await responder.post(alertsPath(token), { message: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    const unknown = await responder.post(alertsPath('A'.repeat(43)), {});
    expect(unknown.status).toBe(404);
    const badKey = await responder.get('/api/family-alerts/status/not-a-key');
    expect(badKey.status).toBe(404);
    const unsigned = await responder.post('/api/family-alerts/acknowledge', { ackKey: 'x'.repeat(43) });
    expect(unsigned.status).toBe(404);
  });

  it('sends at most 3 alerts a card in 10 minutes, and 5 an address in an hour', async () => {
    const { token, primary } = await ownerWithCard(1);
    const statuses = await Promise.all(
      Array.from({ length: 5 }, () => new HttpClient().post(alertsPath(token), { message: 'again' })),
    );
    expect(statuses.map((each) => each.status).sort()).toEqual([201, 201, 201, 429, 429]);
    await textsArrive(primary, 3);
    await pause(500);
    expect(await textsTo(primary)).toHaveLength(3);

    const one = new HttpClient();
    const cards = await Promise.all(Array.from({ length: 6 }, () => ownerWithCard(1)));
    const fromOneAddress = [];
    for (const card of cards) fromOneAddress.push((await one.post(alertsPath(card.token), {})).status);
    expect(fromOneAddress).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

/** A text to the service's number, as a phone would send it: the stand-in posts it, signed, to our webhook. */
async function textTheService(from: string, body: string) {
  const response = await fetch(`${baseUrl()}/dev/messages/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from, body }),
  });
  expect(response.status).toBeLessThan(300);
}

describe('texts, escalation and STOP', () => {
  it('texts the contacts once more when nobody answers in time, and the owner sees it unanswered', async () => {
    const { owner, token, primary } = await ownerWithCard(1);
    expect((await new HttpClient().post(alertsPath(token), { message: 'Fell at the station' })).status).toBe(201);
    const texts = await eventually(
      () => textsTo(primary),
      (found) => found.length >= 2,
      40_000,
    );
    expect(texts[0]!.body).toMatch(/again: nobody has answered yet/);
    expect(texts[0]!.body).toContain('Fell at the station');
    // The second text carries the same "I'm on it" link as the first.
    expect(ackKeyIn(texts[0]!.body)).toBe(ackKeyIn(texts[1]!.body));
    const listed = await owner.get('/api/family-alerts');
    expect(listed.body.alerts[0]).toMatchObject({ state: 'unanswered', acknowledgedBy: null });
    await pause(1000);
    expect(await textsTo(primary)).toHaveLength(2);
  }, 60_000);

  it('texts nobody who replied STOP, until they reply START', async () => {
    const { token, primary } = await ownerWithCard(1);
    await textTheService(primary, 'STOP');
    const refused = await new HttpClient().post(alertsPath(token), {});
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This card has no emergency contact to text.');
    await textTheService(primary, 'start');
    expect((await new HttpClient().post(alertsPath(token), {})).status).toBe(201);
    expect(await textsArrive(primary)).toHaveLength(1);
  });

  it('refuses an inbound text whose signature is wrong or missing, and does nothing with it', async () => {
    const body = new URLSearchParams({
      From: '+12025550199',
      To: '+15005550006',
      Body: 'STOP',
      MessageSid: 'SM' + '0'.repeat(32),
    });
    for (const signature of ['bm90IHRoZSBzaWduYXR1cmU=', undefined]) {
      const response = await fetch(`${baseUrl()}/api/sms/inbound`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(signature ? { 'x-twilio-signature': signature } : {}),
        },
        body: body.toString(),
      });
      expect(response.status).toBe(403);
    }
  });
});

describe('a card by text message', () => {
  it("answers a printed reference with the first-minute facts in the sender's language, and tells the family with the sender's number", async () => {
    const { owner, primary } = await ownerWithCard(1);
    const [record] = (await owner.get('/api/medical-records')).body.records as Array<{ id: string }>;
    const { reference } = (await owner.get(`/api/medical-records/${record!.id}`)).body as { reference: string };
    expect(reference).toMatch(/^[2-9A-Z]{4} [2-9A-Z]{4}$/);
    const sender = `+34612${String(randomInt(100_000, 999_999))}`;
    await textTheService(sender, `Hola ${reference.toLowerCase()}`);
    const [reply] = await textsArrive(sender);
    expect(reply!.body).toContain('Imogen Thornbury');
    expect(reply!.body).toContain('AB-');
    expect(reply!.body).toContain('IDENTIFICACIÓN MÉDICA DE EMERGENCIA');
    const [family] = await textsArrive(primary);
    expect(family!.body).toContain(sender);
  });

  it('answers a text that opens no card, and past 10 an hour from one number answers nothing', async () => {
    const sender = uniqueNumber();
    for (let attempt = 0; attempt < 11; attempt += 1) await textTheService(sender, 'ZZZZ 2222');
    const replies = await eventually(
      () => textsTo(sender),
      (found) => found.length >= 10,
    );
    expect(replies[0]!.body).toMatch(/no card has this reference/);
    await pause(1500);
    expect(await textsTo(sender)).toHaveLength(10);
  });
});
