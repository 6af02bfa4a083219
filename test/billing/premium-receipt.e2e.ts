import { signedInClient } from '../support/accounts.js';
import { eventually } from '../support/eventually.js';
import { mailTo } from '../support/http-client.js';
import {
  postWebhook,
  sharedPaymentSystem,
  signWebhook,
  stripeAdmin,
  subscribeWithCard,
} from '../support/stripe-payments.js';

const RECEIPT = 'Your Medical QR Premium receipt';

/**
 * Paying for premium mails one receipt: what was paid, when, and that it renews until cancelled. Stripe sending the
 * invoice's event again (or its twin, invoice.payment_succeeded) sends no second one.
 */
describe('the receipt of a premium payment', () => {
  it('is mailed once, with the amount paid', async () => {
    const { client, email } = await signedInClient('premium-receipt');
    const { confirmation } = await subscribeWithCard(client);
    expect(confirmation.status).toBe(200);

    const [receipt] = await eventually(
      async () => (await mailTo(email)).filter((mail) => mail.subject === RECEIPT),
      (receipts) => receipts.length > 0,
      20_000,
    );
    expect(receipt!.text).toContain('Medical QR Premium, one month: $9.99');
    expect(receipt!.text).toContain('Total paid: $9.99.');
    expect(receipt!.text).toContain('until you cancel it on My Account');

    // Stripe sends the invoice's event again: still one receipt.
    const system = sharedPaymentSystem();
    const events = await stripeAdmin(system).events.list({ type: 'invoice.paid', limit: 100 });
    const event = events.data.find(
      (candidate) => (candidate.data.object as { customer_email?: string }).customer_email === email,
    );
    expect(event).toBeDefined();
    const payload = JSON.stringify(event);
    expect((await postWebhook(system, payload, signWebhook(system, payload))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await mailTo(email)).filter((mail) => mail.subject === RECEIPT)).toHaveLength(1);
  });
});
