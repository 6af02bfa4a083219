import type { Logger } from 'pino';
import { RecordsPatterns } from '@medical-qr/contracts';
import type { ServiceClient } from '@medical-qr/platform';
import { AnonymousCodeClaim } from './anonymous-code-claim.js';

/** Records over NATS, as far as this class sees it: what it was asked, and what it answers. */
function recordsService(answer: () => Promise<unknown>) {
  const asked: Array<{ pattern: string; payload: unknown }> = [];
  const client = {
    request: async (pattern: string, payload: unknown) => {
      asked.push({ pattern, payload });
      return answer();
    },
  } as unknown as ServiceClient;
  return { client, asked };
}

const quietLogger = { info: () => undefined, warn: () => undefined } as unknown as Logger;
const userId = '6f1c2f0e-8a4b-4c39-9d63-0f1e2d3c4b5a';

describe('claiming anonymous codes at sign-in', () => {
  it('asks records to claim for a verified email', async () => {
    const records = recordsService(async () => ({ claimed: 1 }));
    await new AnonymousCodeClaim(records.client, quietLogger).claimFor({
      userId,
      email: 'a@example.com',
      emailVerified: true,
    });
    expect(records.asked).toEqual([
      { pattern: RecordsPatterns.claimAnonymous, payload: { userId, email: 'a@example.com' } },
    ]);
  });

  it('never claims for an unverified email: the address may be someone else, and so would their medical data', async () => {
    const records = recordsService(async () => ({ claimed: 1 }));
    await new AnonymousCodeClaim(records.client, quietLogger).claimFor({
      userId,
      email: 'a@example.com',
      emailVerified: false,
    });
    expect(records.asked).toEqual([]);
  });

  it('lets the sign-in go on when records does not answer', async () => {
    const records = recordsService(async () => {
      throw new Error('records did not answer');
    });
    await expect(
      new AnonymousCodeClaim(records.client, quietLogger).claimFor({
        userId,
        email: 'a@example.com',
        emailVerified: true,
      }),
    ).resolves.toBeUndefined();
  });
});
