import { formatCents } from '@medical-qr/contracts';
import { baseUrl } from '../support/api.js';
import { eventually } from '../support/eventually.js';
import { mailTo } from '../support/http-client.js';
import { postWebhook, sharedPaymentSystem, signWebhook, stripeAdmin } from '../support/stripe-payments.js';
import { addToCart, payWith, shopperClient, waitForOrders } from './shop-fixtures.js';

const RECEIPT = /order is confirmed/;

/**
 * After a paid checkout the buyer gets one receipt by mail: each item with its quantity and price, where it ships,
 * its order number, the total paid and a link to My Orders. Stripe delivering the payment's event again sends no
 * second receipt.
 */
describe('the receipt of a paid order', () => {
  it('is mailed once, with the items, where they ship, the total, the order numbers and a link to My Orders', async () => {
    const { client, email } = await shopperClient('order-receipt');
    const first = await addToCart(client, { quantity: 2 });
    const second = await addToCart(client, { blueprintId: 566 });
    const checkout = await client.post('/api/cart/create-checkout-session', {});
    expect(checkout.status).toBe(200);
    expect((await payWith(client, checkout.body)).status).toBe(200);
    const orders = await waitForOrders(client, 2, false);

    const [receipt] = await eventually(
      async () => (await mailTo(email)).filter((mail) => RECEIPT.test(mail.subject)),
      (receipts) => receipts.length > 0,
      20_000,
    );
    expect(receipt!.subject).not.toContain(email);
    expect(receipt!.text).toContain(`2 × ${first.productTitle}`);
    expect(receipt!.text).toContain(second.productTitle);
    for (const order of orders) expect(receipt!.text).toContain(`Order number ${order.id}`);
    expect(receipt!.text).toContain('Ships to Amara Okafor, 12 Harbour Street, Portland, OR 97201, United States');
    expect(receipt!.text).toContain(`Total paid: ${formatCents(first.itemTotal + second.itemTotal)}`);
    expect(receipt!.links).toContain(`${baseUrl()}/my-orders`);
    // No medical data in a receipt.
    expect(receipt!.text).not.toMatch(/allerg|blood|penicillin/i);

    // Stripe sends the payment's event again: still one receipt.
    const system = sharedPaymentSystem();
    const events = await stripeAdmin(system).events.list({ type: 'payment_intent.succeeded', limit: 100 });
    const event = events.data.find(
      (candidate) => (candidate.data.object as { id: string }).id === checkout.body.paymentIntentId,
    );
    const payload = JSON.stringify(event);
    expect((await postWebhook(system, payload, signWebhook(system, payload))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await mailTo(email)).filter((mail) => RECEIPT.test(mail.subject))).toHaveLength(1);
  });
});
