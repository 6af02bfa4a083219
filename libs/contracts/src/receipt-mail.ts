import { z } from 'zod';

/**
 * A receipt mailed after a payment: a merch checkout (the shop asks) or a premium invoice (billing asks). Identity owns mail, so the service that took
 * the payment asks identity to send it, naming the user (identity finds the address) and what the receipt says. One
 * receipt per payment: `receiptId` names the payment, and identity sends a receipt id once however often it is asked.
 * No medical data, and only the personal data a receipt needs (where the items ship).
 */
export const receiptLineSchema = z.strictObject({
  /** What was bought, as the person chose it ("Acrylic Keychain, 2″ × 2″ / Clear"). */
  description: z.string().trim().min(1).max(200),
  quantity: z.number().int().min(1).max(1000),
  /** The line's total in cents. */
  amountCents: z.number().int().min(0).max(100_000_000),
  /** The order the line became, as My Orders shows its id. */
  orderId: z.uuid().optional(),
  /** Where the line ships, one line of the address each. */
  shipTo: z.array(z.string().trim().min(1).max(255)).min(1).max(6).optional(),
});
export type ReceiptLine = z.infer<typeof receiptLineSchema>;

export const receiptMailRequestSchema = z.strictObject({
  userId: z.uuid(),
  /** What was paid for: merch orders (the mail leads to My Orders) or premium. */
  kind: z.enum(['order', 'premium']).default('order'),
  /** The payment, e.g. `order-<checkout id>`: letters, digits, `-` and `_` only, as it becomes a job id. */
  receiptId: z.string().regex(/^[A-Za-z0-9_-]{8,140}$/, 'letters, digits, - and _ only (8 to 140)'),
  /** Where the mail's link to My Orders points: PUBLIC_BASE_URL, or the origin the checkout came from. None: no link. */
  appUrl: z.url().max(200).optional(),
  lines: z.array(receiptLineSchema).min(1).max(50),
  totalCents: z.number().int().min(0).max(100_000_000),
  paidAt: z.iso.datetime(),
});
export type ReceiptMailRequest = z.infer<typeof receiptMailRequestSchema>;
