import { createHmac } from 'node:crypto';
import type { JobsOptions } from 'bullmq';
import { ErrorCodes, ShopJobs, type ShopJob, ShopMessages } from '@medical-qr/contracts';
import { AppError, createLogger, type JobQueue } from '@medical-qr/platform';
import type { ShopConfig } from '../config.js';
import type { OrderRow } from '../database/schema.js';
import type { OrdersRepository } from '../orders/orders.repository.js';
import { PrintifyWebhookReceiver, syncJobIdOf } from './printify-webhook.receiver.js';

const secret = 'local-printify-webhook-secret';
const ourOrder = { id: '0b6f1f3e-3c1a-4f55-9a55-6f1f6d0c2a11', printifyOrderId: '5a96f649b2439217d070f507' };

function event(
  type: string,
  resourceId = ourOrder.printifyOrderId,
  resourceType = 'order',
  id = 'a1b2c3d4e5f6a1b2c3d4e5f6',
) {
  return JSON.stringify({
    id,
    type,
    created_at: '2026-01-05 10:11:12+00:00',
    // Data that, if believed, would say the order was cancelled: the receiver must not read it.
    resource: { id: resourceId, type: resourceType, data: { shop_id: '1000001', status: 'canceled' } },
  });
}
const sign = (payload: string, key = secret) => `sha256=${createHmac('sha256', key).update(payload).digest('hex')}`;

function receiverWith(config: Partial<ShopConfig> = { PRINTIFY_WEBHOOK_SECRET: secret }) {
  const queued: Array<{ name: string; data: ShopJob; options?: JobsOptions }> = [];
  const queue = {
    add: async (name: string, data: ShopJob, options?: JobsOptions) => {
      queued.push({ name, data, options });
    },
  } as unknown as JobQueue<ShopJob>;
  const orders = {
    findByPrintifyOrderId: async (id: string) => (id === ourOrder.printifyOrderId ? (ourOrder as OrderRow) : undefined),
  } as unknown as OrdersRepository;
  const receiver = new PrintifyWebhookReceiver(orders, queue, config as ShopConfig, createLogger('shop', 'silent'));
  return { receiver, queued };
}

async function refusal(work: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await work.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return { code: (error as AppError).code, message: (error as AppError).message };
}

describe("Printify's webhooks in the shop", () => {
  it.each(['order:updated', 'order:sent-to-production', 'order:shipment:created', 'order:shipment:delivered'])(
    'a signed %s event about our order queues one sync of that order, keyed by the event id',
    async (type) => {
      const { receiver, queued } = receiverWith();
      const payload = event(type);
      expect(await receiver.receive({ payload, signature: sign(payload) })).toEqual({ received: true });
      expect(queued).toEqual([
        {
          name: ShopJobs.sync,
          data: { orderId: ourOrder.id },
          options: { jobId: 'printify-event-a1b2c3d4e5f6a1b2c3d4e5f6' },
        },
      ]);
    },
  );

  it('the same event delivered again asks for the same job (the queue keeps one)', async () => {
    const { receiver, queued } = receiverWith();
    const payload = event('order:updated');
    await receiver.receive({ payload, signature: sign(payload) });
    await receiver.receive({ payload, signature: sign(payload) });
    expect(queued.map((job) => job.options?.jobId)).toEqual([
      'printify-event-a1b2c3d4e5f6a1b2c3d4e5f6',
      'printify-event-a1b2c3d4e5f6a1b2c3d4e5f6',
    ]);
  });

  it('acknowledges and ignores an order that is not ours, and events of other resources', async () => {
    const { receiver, queued } = receiverWith();
    for (const payload of [
      event('order:updated', 'ffffffffffffffffffffffff'),
      event('product:deleted', 'p1', 'product'),
    ]) {
      expect(await receiver.receive({ payload, signature: sign(payload) })).toEqual({ received: true });
    }
    expect(queued).toEqual([]);
  });

  it('refuses a wrong signature, a tampered body and a malformed header with VALIDATION_ERROR, queuing nothing', async () => {
    const { receiver, queued } = receiverWith();
    const payload = event('order:updated');
    const expected = { code: ErrorCodes.VALIDATION_ERROR, message: ShopMessages.webhookSignature };
    expect(await refusal(receiver.receive({ payload, signature: sign(payload, 'another-secret-entirely') }))).toEqual(
      expected,
    );
    expect(
      await refusal(receiver.receive({ payload: payload.replace('canceled', 'fulfilled'), signature: sign(payload) })),
    ).toEqual(expected);
    expect(await refusal(receiver.receive({ payload, signature: 'sha256=' }))).toEqual(expected);
    expect(queued).toEqual([]);
  });

  it('refuses a signed body that is not a Printify event', async () => {
    const { receiver, queued } = receiverWith();
    for (const payload of ['not json', JSON.stringify({ hello: 'world' })]) {
      expect(await refusal(receiver.receive({ payload, signature: sign(payload) }))).toEqual({
        code: ErrorCodes.VALIDATION_ERROR,
        message: ShopMessages.webhookNotAnEvent,
      });
    }
    expect(queued).toEqual([]);
  });

  it('answers 503 when this server has no webhook secret: nothing can be checked', async () => {
    const { receiver } = receiverWith({});
    const payload = event('order:updated');
    expect(await refusal(receiver.receive({ payload, signature: sign(payload) }))).toEqual({
      code: ErrorCodes.SERVICE_UNAVAILABLE,
      message: ShopMessages.webhooksOff,
    });
  });

  it('makes a job id BullMQ accepts from any event id', () => {
    expect(syncJobIdOf('653b6be8-2ff7_4ab5')).toBe('printify-event-653b6be8-2ff7_4ab5');
    const hashed = syncJobIdOf('evt:with:colons');
    expect(hashed).toMatch(/^printify-event-[0-9a-f]{40}$/);
    expect(syncJobIdOf('evt:with:colons')).toBe(hashed);
    expect(syncJobIdOf('evt:with:colon')).not.toBe(hashed);
  });
});
