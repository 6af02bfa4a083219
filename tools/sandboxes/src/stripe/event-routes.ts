import type { Router } from 'express';
import { resourceMissing } from './errors.js';
import { LIST_PARAMS, page } from './list.js';
import { Params } from './params.js';
import type { RouteContext } from './route-context.js';

/** Events: retrieve one (what a webhook handler should do with an event id) and list them, newest first. */
export function eventRoutes(router: Router, { events, reply, api }: RouteContext): void {
  router.get(
    '/v1/events/:id',
    api('secret', ({ params: form, path }) => {
      const event = events.get(path.id!);
      if (!event) throw resourceMissing('event', path.id!);
      return reply(event, Params.of(form, ['expand']).expand());
    }),
  );

  router.get(
    '/v1/events',
    api('secret', ({ params: form }) => {
      const params = Params.of(form, [...LIST_PARAMS, 'type', 'types', 'created', 'delivery_success']);
      const type = params.string('type');
      const types = params.stringList('types', 20);
      const created = params.object('created', ['gt', 'gte', 'lt', 'lte']);
      const bounds = {
        gt: created?.integer('gt'),
        gte: created?.integer('gte'),
        lt: created?.integer('lt'),
        lte: created?.integer('lte'),
      };
      const exactCreated = created ? undefined : params.integer('created');
      const delivered = params.boolean('delivery_success');
      // `type` takes a `*` wildcard, as Stripe's does: customer.subscription.*
      const typePattern =
        type === undefined ? undefined : new RegExp(`^${type.replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$`);
      const found = events
        .list()
        .filter(
          (event) =>
            (typePattern === undefined || typePattern.test(event.type)) &&
            (types === undefined || types.includes(event.type)) &&
            (exactCreated === undefined || event.created === exactCreated) &&
            (bounds.gt === undefined || event.created > bounds.gt) &&
            (bounds.gte === undefined || event.created >= bounds.gte) &&
            (bounds.lt === undefined || event.created < bounds.lt) &&
            (bounds.lte === undefined || event.created <= bounds.lte) &&
            (delivered === undefined || (event.pending_webhooks === 0) === delivered),
        );
      return reply(page(found, params, '/v1/events'), params.expand());
    }),
  );
}
