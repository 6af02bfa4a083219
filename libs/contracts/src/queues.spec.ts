import { Queues } from './queues.js';

describe('queue names', () => {
  it('stay exactly as deployed: a renamed queue strands the jobs already waiting in it', () => {
    expect(Object.values(Queues).map((queue) => queue.name)).toEqual([
      'records-expiry',
      'identity-mail',
      'privacy-audit-log',
      'shop-orders',
      'privacy-erasure',
      'records-facts-reminders',
      'records-sms',
    ]);
  });

  it('describe each payload, so a worker can refuse a job it cannot do', () => {
    expect(Queues.recordsExpiry.payload.safeParse({ recordId: 'not-a-uuid' }).success).toBe(false);
    expect(Queues.recordsExpiry.payload.safeParse({}).success).toBe(true);
    expect(Queues.identityMail.payload.safeParse({ to: 'a@b.co', subject: 'Hi', text: '' }).success).toBe(false);
    expect(Queues.privacyErasure.payload.safeParse({ kind: 'erase' }).success).toBe(false);
    expect(Queues.privacyErasure.payload.safeParse({ kind: 'sweep' }).success).toBe(true);
  });
});
