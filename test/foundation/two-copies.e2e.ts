import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { isolatedNamespace, PrivateNats, startIsolatedStack, type IsolatedStack } from '@medical-qr/launcher';
import { EmailIndex } from '@medical-qr/platform';

const ACCOUNTS_PER_COPY = 16;

/**
 * Two copies of the system on one machine (own port, database and REDIS_PREFIX) sharing one
 * nats-server, as a second `npm start` beside the first would: neither ever answers the other.
 */
describe('two copies on one NATS server', () => {
  let nats: PrivateNats;
  const copies: IsolatedStack[] = [];

  beforeAll(async () => {
    const [a, b] = [isolatedNamespace(), isolatedNamespace()];
    nats = await PrivateNats.start({ namespaces: [a, b] });
    copies.push(await startIsolatedStack('copy-a', { REDIS_PREFIX: a }, { nats }));
    copies.push(await startIsolatedStack('copy-b', { REDIS_PREFIX: b }, { nats }));
  }, 240_000);
  afterAll(async () => {
    for (const copy of copies) await copy.stop();
    await nats?.stop();
  });

  async function register(copy: IsolatedStack, email: string) {
    const response = await fetch(`${copy.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: copy.url },
      body: JSON.stringify({ firstName: 'Grace', lastName: 'Hopper', email, password: 'copy-pass-1' }),
      signal: AbortSignal.timeout(20_000),
    });
    expect({ email, status: response.status }).toEqual({ email, status: 201 });
  }

  /** Which of these emails have an account in the copy's database (found by their keyed index: emails are sealed). */
  async function usersOf(copy: IsolatedStack, candidates: string[]): Promise<string[]> {
    const index = new EmailIndex(copy.env.EMAIL_INDEX_KEY!);
    const db = new pg.Client({ connectionString: copy.env.DATABASE_URL });
    await db.connect();
    try {
      const stored = new Set(
        (await db.query<{ email_index: string }>('select email_index from identity.users')).rows.map(
          (row) => row.email_index,
        ),
      );
      return candidates.filter((email) => stored.has(index.of(email))).sort();
    } finally {
      await db.end();
    }
  }

  /** Recipients of the verification mail caught by the copy's own SMTP stand-in, once `count` have arrived. */
  async function verificationRecipients(copy: IsolatedStack, count: number): Promise<string[]> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const mail = (await (await fetch(`${copy.sandboxUrl}/dev/mailbox.json`)).json()) as Array<{
        to: string[];
        subject: string;
      }>;
      const verifications = mail.filter((m) => /Confirm your email/.test(m.subject));
      if (verifications.length >= count || Date.now() > deadline) {
        return verifications.flatMap((m) => m.to.map((to) => to.toLowerCase())).sort();
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it(`keeps each copy's ${ACCOUNTS_PER_COPY} registrations, users and verification mail to itself`, async () => {
    const run = randomBytes(3).toString('hex');
    const emails = copies.map((_, index) =>
      Array.from({ length: ACCOUNTS_PER_COPY }, (_, n) => `copy${index}-${n}-${run}@example.com`).sort(),
    );
    await Promise.all(copies.flatMap((copy, index) => emails[index]!.map((email) => register(copy, email))));
    for (const [index, copy] of copies.entries()) {
      expect(await usersOf(copy, emails.flat())).toEqual(emails[index]);
      expect(await verificationRecipients(copy, ACCOUNTS_PER_COPY)).toEqual(emails[index]);
    }
  });

  it('reports every service of both copies up', async () => {
    for (const copy of copies) {
      const response = await fetch(`${copy.url}/api/health`);
      const report = (await response.json()) as { status: string; services: Record<string, { status: string }> };
      expect({ status: response.status, report: report.status }).toEqual({ status: 200, report: 'ok' });
      expect(Object.values(report.services).every((service) => service.status === 'up')).toBe(true);
    }
  });
});
