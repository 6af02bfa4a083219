import type { Logger } from 'pino';
import { RecordsApi } from '@medical-qr/contracts';
import { FakeServiceClient } from '@medical-qr/platform/testing';
import { AnonymousCodeClaim } from './anonymous-code-claim.js';

const quietLogger = { info: () => undefined, warn: () => undefined } as unknown as Logger;
const userId = '6f1c2f0e-8a4b-4c39-9d63-0f1e2d3c4b5a';

describe('claiming anonymous codes at sign-in', () => {
  it('asks records to claim for a verified email', async () => {
    const records = new FakeServiceClient().answer(RecordsApi.claimAnonymous, () => ({ claimed: 1 }));
    await new AnonymousCodeClaim(records.asClient(), quietLogger).claimFor({
      userId,
      email: 'a@example.com',
      emailVerified: true,
    });
    expect(records.sentWith(RecordsApi.claimAnonymous)).toEqual([{ userId, email: 'a@example.com' }]);
  });

  it('never claims for an unverified email: the address may be someone else, and so would their medical data', async () => {
    const records = new FakeServiceClient().answer(RecordsApi.claimAnonymous, () => ({ claimed: 1 }));
    await new AnonymousCodeClaim(records.asClient(), quietLogger).claimFor({
      userId,
      email: 'a@example.com',
      emailVerified: false,
    });
    expect(records.sent).toEqual([]);
  });

  it('lets the sign-in go on when records does not answer', async () => {
    const records = new FakeServiceClient().unavailable(RecordsApi.claimAnonymous);
    await expect(
      new AnonymousCodeClaim(records.asClient(), quietLogger).claimFor({
        userId,
        email: 'a@example.com',
        emailVerified: true,
      }),
    ).resolves.toBeUndefined();
    expect(records.sent).toHaveLength(1);
  });
});
