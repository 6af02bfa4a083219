import type { Router } from 'express';
import { LIST_PARAMS, page } from './list.js';
import { Params } from './params.js';
import { idOf } from './snapshot.js';
import type { RouteContext } from './route-context.js';

/** Invoices: retrieve (with `confirmation_secret` or `payments` expanded) and list. */
export function invoiceRoutes(router: Router, { store, reply, api }: RouteContext): void {
  router.get(
    '/v1/invoices/:id',
    api('secret', ({ params: form, path }) => reply(store.invoice(path.id!), Params.of(form, ['expand']).expand())),
  );

  router.get(
    '/v1/invoices',
    api('secret', ({ params: form }) => {
      const params = Params.of(form, [...LIST_PARAMS, 'customer', 'subscription', 'status']);
      const customer = params.string('customer');
      const subscription = params.string('subscription');
      const status = params.oneOf('status', ['draft', 'open', 'paid', 'uncollectible', 'void']);
      const invoices = [...store.invoices.values()]
        .reverse()
        .filter(
          (invoice) =>
            (customer === undefined || (invoice.customer !== null && idOf(invoice.customer) === customer)) &&
            (subscription === undefined || invoice.parent?.subscription_details?.subscription === subscription) &&
            (status === undefined || invoice.status === status),
        );
      return reply(page(invoices, params, '/v1/invoices'), params.expand());
    }),
  );
}
