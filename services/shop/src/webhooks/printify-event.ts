import { z } from 'zod';

/** The order topics the shop registers: each means "this order changed at Printify", and a sync reads how. */
export const ORDER_WEBHOOK_TOPICS = [
  'order:updated',
  'order:sent-to-production',
  'order:shipment:created',
  'order:shipment:delivered',
] as const;

/**
 * The parts of Printify's webhook event the shop reads: which event (its id), of what topic, about which resource.
 * `resource.data` is never read: the sync job asks Printify for the order itself.
 */
export const printifyEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  resource: z.object({
    id: z.string().min(1).max(100),
    type: z.string().min(1).max(50),
  }),
});
export type PrintifyEvent = z.infer<typeof printifyEventSchema>;

/** The event's body as JSON, or undefined when it is not one of Printify's events. */
export function parsePrintifyEvent(payload: string): PrintifyEvent | undefined {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return undefined;
  }
  const parsed = printifyEventSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/** Any order topic, including those the shop does not register (one added by hand is still worth a sync). */
export function isOrderEvent(event: PrintifyEvent): boolean {
  return event.resource.type === 'order' && event.type.startsWith('order:');
}
