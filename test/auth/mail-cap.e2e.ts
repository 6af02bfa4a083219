import { request } from 'node:http';
import { signedInClient } from '../support/accounts.js';
import { baseUrl } from '../support/api.js';
import { HttpClient, mailTo, randomClientIp, uniqueEmail, waitForMailLink } from '../support/http-client.js';

/** Mails to one address per hour that anyone can have sent (MAIL_CAP_PER_HOUR). */
const CAP = 5;
const settle = () => new Promise((resolve) => setTimeout(resolve, 3000));

/** A POST with a Host header of our choosing (fetch does not let one be set). */
function postWithHost(path: string, host: string, body: unknown): Promise<number> {
  const url = new URL(path, baseUrl());
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          host,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'x-forwarded-for': randomClientIp(),
          'x-forwarded-host': host,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    sent.on('error', reject);
    sent.end(payload);
  });
}

describe('mails anyone can have sent to an address', () => {
  it('sends at most the cap of reset mails to one address, however many addresses ask, and answers each the same', async () => {
    const { email } = await signedInClient('reset-bombing', 'right-pass');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => new HttpClient().post('/api/auth/forgot-password', { email })),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        message: 'If an account exists for that email, a password reset link is on its way.',
      });
    }
    await waitForMailLink(email, /Reset your/);
    await settle();
    const mails = await mailTo(email);
    // The verification mail of the sign-up counted too.
    expect(mails.length).toBeLessThanOrEqual(CAP);
    expect(mails.filter((mail) => /Reset your/.test(mail.subject)).length).toBe(CAP - 1);
  });

  it('caps verification mails sent again the same way', async () => {
    const email = uniqueEmail('verify-bombing');
    expect(
      (
        await new HttpClient().post('/api/auth/register', {
          firstName: 'V',
          lastName: 'B',
          email,
          password: 'pass-word',
        })
      ).status,
    ).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => new HttpClient().post('/api/auth/verify-email', { email })),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    await waitForMailLink(email, /Confirm your email/);
    await settle();
    expect((await mailTo(email)).length).toBe(CAP);
  });
});

describe('links in mails', () => {
  it('are built on the configured base URL, never on a forged Host header', async () => {
    const { email } = await signedInClient('forged-host', 'right-pass');
    expect(await postWithHost('/api/auth/forgot-password', 'evil.example', { email })).toBe(200);
    const link = await waitForMailLink(email, /Reset your/);
    expect(link.startsWith(`${baseUrl()}/reset-password/`)).toBe(true);
    const links = (await mailTo(email)).flatMap((mail) => mail.links);
    expect(links.filter((l) => l.includes('evil.example'))).toEqual([]);
  });
});
