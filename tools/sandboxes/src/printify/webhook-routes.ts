import type { Router } from 'express';
import { z } from 'zod';
import { notFound } from './errors.js';
import { parseBody } from './http.js';
import type { RouteContext } from './route-context.js';
import { WEBHOOK_TOPICS } from './types.js';

const webhookBody = z.object({
  topic: z.enum(WEBHOOK_TOPICS, { error: `must be one of ${WEBHOOK_TOPICS.join(', ')}` }),
  url: z.url({ protocol: /^https?$/, error: 'must be an absolute http:// or https:// URL' }),
  secret: z.string().min(1).max(255).optional(),
});

/** `GET` and `POST /v1/shops/{shop}/webhooks.json`, `DELETE /v1/shops/{shop}/webhooks/{id}.json`. */
export function webhookRoutes(router: Router, { api, webhooks }: RouteContext): void {
  router.get(
    '/v1/shops/:shopId/webhooks.json',
    api(() => webhooks.list()),
  );
  router.post(
    '/v1/shops/:shopId/webhooks.json',
    api((call) => {
      const body = parseBody(webhookBody, call.body);
      return webhooks.register(body.topic, body.url, body.secret);
    }),
  );
  router.delete(
    '/v1/shops/:shopId/webhooks/:webhookId.json',
    api((call) => {
      if (!webhooks.remove(call.path.webhookId!)) throw notFound(`Webhook ${call.path.webhookId}`);
      return { id: call.path.webhookId };
    }),
  );
}
