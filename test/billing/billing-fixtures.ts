import type { PremiumStatus } from '@medical-qr/contracts';
import { signedInClient } from '../support/accounts.js';
import type { HttpClient } from '../support/http-client.js';
import { eventually } from '../support/eventually.js';
import { queryDatabase } from '../support/database.js';
import { type PaymentSystem, subscribeWithCard, TestCards } from '../support/stripe-payments.js';

export const premiumStatusOf = async (client: HttpClient): Promise<PremiumStatus> =>
  (await client.get('/api/premium/status')).body;

/** Waits (as the payment success page does, polling) until billing says the user is premium. */
export async function waitForPremium(client: HttpClient, timeoutMs = 15_000): Promise<PremiumStatus> {
  return eventually(
    () => premiumStatusOf(client),
    (status) => status.isPremium,
    timeoutMs,
  );
}

/** A signed-in user who has paid with 4242 and whom billing now counts as premium. */
export async function premiumClient(
  system: PaymentSystem,
  label: string,
): Promise<{ client: HttpClient; email: string; userId: string; status: PremiumStatus }> {
  const { client, email } = await signedInClient(label, undefined, system.url);
  const { confirmation } = await subscribeWithCard(client, TestCards.succeeds, system.url);
  if (confirmation.status !== 200) throw new Error(`4242 was not accepted: ${JSON.stringify(confirmation.body)}`);
  const status = await waitForPremium(client);
  const userId = (await client.get('/api/auth/user')).body.id as string;
  return { client, email, userId, status };
}

/** Billing's record of the user's latest subscription id (the user never sees it; the stand-in knows it). */
export async function subscriptionIdOf(system: PaymentSystem, userId: string): Promise<string> {
  const rows = await queryDatabase<{ stripe_subscription_id: string }>(
    system,
    'select stripe_subscription_id from billing.subscriptions where user_id = $1 order by created_at desc limit 1',
    [userId],
  );
  if (!rows[0]) throw new Error(`billing holds no subscription for ${userId}`);
  return rows[0].stripe_subscription_id;
}
