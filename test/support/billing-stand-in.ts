import type { NatsConnection, Subscription } from '@nats-io/transport-node';

/**
 * Stands in for billing on a system's private NATS: answers `billing.premium.status` (under any
 * namespace) the way a Nest message handler does, premium for the users `isPremium` accepts.
 * Stop the real billing process first, so that only this answers.
 */
export function billingStandIn(nats: NatsConnection, isPremium: (userId: string) => boolean): Subscription[] {
  return ['billing.premium.status', '*.billing.premium.status'].map((subject) =>
    nats.subscribe(subject, {
      callback: (error, message) => {
        if (error) return;
        const request = JSON.parse(message.string()) as { id: string; data: { userId: string } };
        const premium = isPremium(request.data.userId);
        const response = { isPremium: premium, expiresAt: premium ? '2099-01-01T00:00:00.000Z' : null };
        message.respond(JSON.stringify({ id: request.id, response, isDisposed: true }));
      },
    }),
  );
}
