import type { Job } from 'bullmq';
import type { Logger } from 'pino';
import { BillingApi, IdentityApi, type PrivacyJob, RecordsApi, ShopApi } from '@medical-qr/contracts';
import { AppError, type EventBus } from '@medical-qr/platform';
import { FakeServiceClient } from '@medical-qr/platform/testing';
import type { DeletionRequestsRepository } from '../deletion/deletion-requests.repository.js';
import type { PrivacyErasureRepository } from './privacy-erasure.repository.js';
import { ErasureSaga } from './erasure.saga.js';

const userId = '0b6f2a3e-5c1d-4e8f-9a7b-3c2d1e0f9a8b';
const quiet = { info: () => undefined, warn: () => undefined } as unknown as Logger;
const erased = () => ({ erased: true as const });
const user = {
  id: userId,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phoneNumber: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  isTemporary: false,
  isAuthenticated: true as const,
  emailVerified: true,
  hasPassword: true,
  hasGoogle: false,
};

/** Every service answering its erasure step; what happened, in order, is in `log`. */
const due = { status: 'requested', scheduledAt: new Date(0) };

function world(request: { status: string; scheduledAt: Date } | undefined) {
  const log: string[] = [];
  const services = new FakeServiceClient();
  for (const [name, message] of [
    ['shop', ShopApi.eraseUser],
    ['billing', BillingApi.eraseUser],
    ['records', RecordsApi.eraseUser],
    ['identity', IdentityApi.eraseUser],
  ] as const) {
    services.answer(message, () => {
      log.push(`erase ${name}`);
      return erased();
    });
  }
  services.answer(IdentityApi.getUser, () => user);
  const events = {
    publish: async (event: { subject: string }) => {
      log.push(`publish ${event.subject}`);
      return 'event-id';
    },
  } as unknown as EventBus;
  const own = { eraseOwn: async () => void log.push('erase privacy') } as unknown as PrivacyErasureRepository;
  const requests = { find: async () => request } as unknown as DeletionRequestsRepository;
  const saga = new ErasureSaga(requests, own, services.asClient(), events, quiet);
  return { saga, services, log };
}

function eraseJob(email?: string) {
  const data: PrivacyJob = email === undefined ? { kind: 'erase', userId } : { kind: 'erase', userId, email };
  const job: { data: PrivacyJob; updateData(next: PrivacyJob): Promise<void> } = {
    data,
    updateData: async (next) => void (job.data = next),
  };
  return { job: job as unknown as Job<PrivacyJob>, data: data as Extract<PrivacyJob, { kind: 'erase' }> };
}

describe('the erasure saga', () => {
  it('erases the shop, billing, records and identity in that order, then tells the gateways, then its own part', async () => {
    const { saga, services, log } = world(due);
    const { job, data } = eraseJob('ada@example.com');
    await saga.run(job, data);
    expect(log).toEqual([
      'erase shop',
      'erase billing',
      'erase records',
      'erase identity',
      'publish user.erased',
      'erase privacy',
    ]);
    expect(services.sentWith(RecordsApi.eraseUser)).toEqual([{ userId, email: 'ada@example.com' }]);
  });

  it('stops at a step that fails, so the queue retries the whole job and identity (the sign-in) goes last', async () => {
    const { saga, services, log } = world(due);
    services.unavailable(RecordsApi.eraseUser);
    const { job, data } = eraseJob('ada@example.com');
    await expect(saga.run(job, data)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(log).toEqual(['erase shop', 'erase billing']);

    // The retry runs every step again: each is idempotent, so the ones done before change nothing.
    services.answer(RecordsApi.eraseUser, () => {
      log.push('erase records');
      return erased();
    });
    await saga.run(job, data);
    expect(log.slice(2)).toEqual([
      'erase shop',
      'erase billing',
      'erase records',
      'erase identity',
      'publish user.erased',
      'erase privacy',
    ]);
  });

  it('asks identity for the email once and keeps it on the job, for retries after identity has forgotten it', async () => {
    const { saga, services } = world(due);
    const { job, data } = eraseJob();
    await saga.run(job, data);
    expect(services.sentWith(IdentityApi.getUser)).toEqual([{ userId }]);
    expect(job.data).toEqual({ kind: 'erase', userId, email: 'ada@example.com' });
    expect(services.sentWith(ShopApi.eraseUser)).toEqual([{ userId, email: 'ada@example.com' }]);
  });

  it('goes on with no email when identity no longer knows the person', async () => {
    const { saga, services } = world(due);
    services.answer(IdentityApi.getUser, () => {
      throw AppError.notFound('User not found');
    });
    const { job, data } = eraseJob();
    await saga.run(job, data);
    expect(services.sentWith(RecordsApi.eraseUser)).toEqual([{ userId, email: '' }]);
  });

  it.each([
    ['cancelled', { status: 'cancelled', scheduledAt: new Date(0) }],
    ['not yet due', { status: 'requested', scheduledAt: new Date(Date.now() + 60_000) }],
    ['gone', undefined],
  ])('erases nothing when the request is %s', async (_, request) => {
    const { saga, services, log } = world(request);
    const { job, data } = eraseJob('ada@example.com');
    await saga.run(job, data);
    expect(services.sent).toEqual([]);
    expect(log).toEqual([]);
  });
});
