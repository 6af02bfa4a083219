import { connect } from 'node:net';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { loadSandboxConfig } from '../config.js';
import { startSandboxes, type RunningSandboxes } from '../server.js';
import { extractLinks, Mailbox, type CaughtMail } from './mailbox.js';

describe('SMTP catcher and /dev/mailbox', () => {
  let sandboxes: RunningSandboxes;

  beforeAll(async () => {
    sandboxes = await startSandboxes(
      loadSandboxConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SANDBOX_HTTP_PORT: '0', SANDBOX_SMTP_PORT: '0' }),
    );
  });
  afterAll(() => sandboxes.close());
  beforeEach(async () => {
    expect((await fetch(`${sandboxes.httpUrl}/dev/mailbox`, { method: 'DELETE' })).status).toBe(204);
  });

  /** Sends through SMTP_URL the way the services do (nodemailer with a URL). */
  async function send(message: SendMailOptions, url = `smtp://127.0.0.1:${sandboxes.ports.SANDBOX_SMTP_PORT}`) {
    const transport = nodemailer.createTransport(url);
    try {
      return await transport.sendMail({ from: 'Medical QR <no-reply@medicalqr.local>', ...message });
    } finally {
      transport.close();
    }
  }

  const mailbox = async (query = ''): Promise<CaughtMail[]> =>
    (await fetch(`${sandboxes.httpUrl}/dev/mailbox.json${query}`)).json() as Promise<CaughtMail[]>;

  it('answers health', async () => {
    const response = await fetch(`${sandboxes.httpUrl}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });

  it('catches a real mail with its links and lists it as JSON', async () => {
    const info = await send({
      to: 'Alex Doe <Alex.Doe@Example.com>',
      subject: 'Reset your password',
      text: 'Hello Alex,\n\nReset your password: http://localhost:3000/reset-password?token=abc123&user=7.\n\nOr ignore this mail.',
      html: '<p>Hello Alex,</p><p><a href="http://localhost:3000/reset-password?token=abc123&amp;user=7">Reset your password</a></p><p><a href="https://medicalqr.example/help">Help</a></p>',
    });
    expect(info.accepted).toEqual(['Alex.Doe@example.com']);

    const mails = await mailbox();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({
      from: '"Medical QR" <no-reply@medicalqr.local>',
      to: ['Alex.Doe@example.com'],
      subject: 'Reset your password',
      links: ['http://localhost:3000/reset-password?token=abc123&user=7', 'https://medicalqr.example/help'],
    });
    expect(mail!.text).toContain('Hello Alex,');
    expect(mail!.html).toContain('<a href="http://localhost:3000/reset-password?token=abc123&amp;user=7">');
    expect(mail!.id).toEqual(expect.any(String));
    expect(new Date(mail!.receivedAt).toISOString()).toBe(mail!.receivedAt);
  });

  it('accepts AUTH PLAIN and LOGIN with any credentials', async () => {
    await send(
      { to: 'a@example.com', subject: 'plain', text: 'x' },
      `smtp://anyone:whatever@127.0.0.1:${sandboxes.ports.SANDBOX_SMTP_PORT}`,
    );
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: sandboxes.ports.SANDBOX_SMTP_PORT,
      secure: false,
      auth: { user: 'someone', pass: 'secret' },
      authMethod: 'LOGIN',
    });
    await transport.sendMail({ from: 'x@example.com', to: 'b@example.com', subject: 'login', text: 'y' });
    transport.close();
    expect((await mailbox()).map((m) => m.subject)).toEqual(['login', 'plain']);
  });

  it('lists newest first, filters by recipient case-insensitively, and clears', async () => {
    await send({ to: 'first@example.com', subject: 'one', text: 'one' });
    await send({ to: 'second@example.com', cc: 'First@Example.com', subject: 'two', text: 'two' });
    await send({ to: 'second@example.com', bcc: 'hidden@example.com', subject: 'three', text: 'three' });

    expect((await mailbox()).map((m) => m.subject)).toEqual(['three', 'two', 'one']);
    expect((await mailbox('?to=FIRST@example.COM')).map((m) => m.subject)).toEqual(['two', 'one']);
    expect((await mailbox('?to=hidden%40example.com')).map((m) => m.subject)).toEqual(['three']);
    expect(await mailbox('?to=nobody@example.com')).toEqual([]);

    expect((await fetch(`${sandboxes.httpUrl}/dev/mailbox`, { method: 'DELETE' })).status).toBe(204);
    expect(await mailbox()).toEqual([]);
  });

  it('shows mail in an escaped HTML page with clickable links, under a CSP without scripts', async () => {
    await send({
      to: 'pat@example.com',
      subject: 'Hi <script>alert("subject")</script> & more',
      text: 'Body <img src=x onerror=alert(1)> see https://example.com/a?b=1&c=2',
      html: '<p>Body</p><a href="https://example.com/a?b=1&amp;c=2">link</a><a href="javascript:alert(1)">bad</a>',
    });
    const response = await fetch(`${sandboxes.httpUrl}/dev/mailbox`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(csp).not.toContain('unsafe-inline');
    const page = await response.text();
    expect(page).not.toContain('<script');
    expect(page).not.toContain('<img');
    expect(page).toContain('Hi &lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt; &amp; more');
    expect(page).toContain('Body &lt;img src=x onerror=alert(1)&gt;');
    expect(page).toContain(
      '<a href="https://example.com/a?b=1&amp;c=2" rel="noreferrer">https://example.com/a?b=1&amp;c=2</a>',
    );
    expect(page).not.toContain('javascript:');
    expect(page).toContain('pat@example.com');

    const empty = await (await fetch(`${sandboxes.httpUrl}/dev/mailbox?to=${encodeURIComponent('"><b>x')}`)).text();
    expect(empty).toContain('No mail to &quot;&gt;&lt;b&gt;x yet.');
    expect(empty).not.toContain('<b>x');
  });

  it('refuses a message over 1 MB', async () => {
    await expect(send({ to: 'big@example.com', subject: 'big', text: 'x'.repeat(1_200_000) })).rejects.toThrow(
      /552|size/i,
    );
    expect(await mailbox()).toEqual([]);
  });

  it('keeps one message per Message-ID, as a mailbox shows a message sent twice', async () => {
    const messageId = '<3f0c2a4e-0b7e-4c55-9d8e-1a2b3c4d5e6f@medicalqr.local>';
    await send({ to: 'twice@example.com', subject: 'once', text: 'x', messageId });
    await send({ to: 'twice@example.com', subject: 'once', text: 'x', messageId });
    await send({ to: 'twice@example.com', subject: 'another', text: 'y' });
    const mails = await mailbox('?to=twice@example.com');
    expect(mails.map(({ subject, messageId: id, deliveries }) => ({ subject, id, deliveries }))).toEqual([
      { subject: 'another', id: expect.stringMatching(/^<.+@.+>$/), deliveries: 1 },
      { subject: 'once', id: messageId, deliveries: 2 },
    ]);
    expect(await (await fetch(`${sandboxes.httpUrl}/dev/mailbox?to=twice@example.com`)).text()).toContain(
      '<dt>Delivered</dt><dd>2 times (sent again with the same Message-ID)</dd>',
    );
  });

  it('holds the reply to the next mail to an address (the mail already caught) until released', async () => {
    const hold = await fetch(`${sandboxes.httpUrl}/dev/mailbox/hold-reply?to=Held@Example.com`, { method: 'POST' });
    expect(hold.status).toBe(204);
    let answered = false;
    const sending = send({ to: 'held@example.com', subject: 'held', text: 'x' }).then((info) => {
      answered = true;
      return info;
    });
    const held = async () =>
      (await (await fetch(`${sandboxes.httpUrl}/dev/mailbox/held.json`)).json()) as Array<{ to: string[] }>;
    const deadline = Date.now() + 5000;
    while ((await held()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect((await held()).map((reply) => reply.to)).toEqual([['held@example.com']]);
    expect((await mailbox()).map((m) => m.subject)).toEqual(['held']);
    expect(answered).toBe(false);

    // One mail only: the next one is answered at once.
    await send({ to: 'held@example.com', subject: 'next', text: 'y' });
    const released = await fetch(`${sandboxes.httpUrl}/dev/mailbox/release`, { method: 'POST' });
    expect(await released.json()).toEqual({ released: 1 });
    expect((await sending).accepted).toEqual(['held@example.com']);
    expect(await held()).toEqual([]);
  });

  it('forgets a held reply when the client goes away', async () => {
    await fetch(`${sandboxes.httpUrl}/dev/mailbox/hold-reply?to=gone@example.com`, { method: 'POST' });
    // A client that writes a whole message and then dies, as a killed process's socket is closed.
    const socket = connect(sandboxes.ports.SANDBOX_SMTP_PORT!, '127.0.0.1');
    await new Promise((resolve) => socket.once('data', resolve));
    socket.write(
      'EHLO client\r\nMAIL FROM:<x@example.com>\r\nRCPT TO:<gone@example.com>\r\nDATA\r\n' +
        'Subject: gone\r\n\r\nx\r\n.\r\n',
    );
    const held = async () => (await (await fetch(`${sandboxes.httpUrl}/dev/mailbox/held.json`)).json()) as unknown[];
    const waitFor = async (done: (count: number) => boolean) => {
      const deadline = Date.now() + 5000;
      while (!done((await held()).length) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    };
    await waitFor((count) => count === 1);
    expect(await held()).toHaveLength(1);
    socket.destroy();
    await waitFor((count) => count === 0);
    expect(await held()).toEqual([]);
    expect((await mailbox('?to=gone@example.com')).map((m) => m.subject)).toEqual(['gone']);
  });

  it('answers unknown paths with a 404', async () => {
    expect((await fetch(`${sandboxes.httpUrl}/nothing-here`)).status).toBe(404);
  });
});

describe('Mailbox', () => {
  it('keeps the newest 200', () => {
    const box = new Mailbox(200);
    for (let i = 0; i < 205; i++) {
      box.add({
        id: String(i),
        from: '',
        to: ['a@example.com'],
        subject: `m${i}`,
        text: '',
        html: '',
        receivedAt: '',
        links: [],
        messageId: '',
      });
    }
    const list = box.list();
    expect(list).toHaveLength(200);
    expect(list[0]!.subject).toBe('m204');
    expect(list[199]!.subject).toBe('m5');
  });
});

describe('Mailbox with Message-IDs', () => {
  const mail = (id: string, messageId: string) => ({
    id,
    from: '',
    to: ['a@example.com'],
    subject: id,
    text: '',
    html: '',
    receivedAt: '',
    links: [],
    messageId,
  });

  it('shows a message delivered again (same Message-ID) once, counting its deliveries', () => {
    const box = new Mailbox(200);
    expect(box.add(mail('first', '<1@medicalqr.local>')).deliveries).toBe(1);
    const again = box.add(mail('again', '<1@medicalqr.local>'));
    expect(again).toMatchObject({ id: 'first', deliveries: 2 });
    box.add(mail('other', '<2@medicalqr.local>'));
    expect(box.list().map(({ id, deliveries }) => ({ id, deliveries }))).toEqual([
      { id: 'other', deliveries: 1 },
      { id: 'first', deliveries: 2 },
    ]);
  });

  it('keeps every message without a Message-ID', () => {
    const box = new Mailbox(200);
    box.add(mail('one', ''));
    box.add(mail('two', ''));
    expect(box.list().map(({ id }) => id)).toEqual(['two', 'one']);
  });
});

describe('extractLinks', () => {
  it('takes http(s) hrefs and bare URLs once each, without trailing punctuation', () => {
    expect(
      extractLinks(
        'Open http://localhost:3000/a?x=1&y=2. Or (https://example.com/b). Also [https://example.com/c] and ftp://no',
        `<a href="http://localhost:3000/a?x=1&amp;y=2">a</a> <a href='mailto:x@example.com'>m</a> <a href=https://example.com/d>d</a>`,
      ),
    ).toEqual([
      'http://localhost:3000/a?x=1&y=2',
      'https://example.com/d',
      'https://example.com/b',
      'https://example.com/c',
    ]);
  });
});
