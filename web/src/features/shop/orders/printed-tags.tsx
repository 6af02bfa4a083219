import type { Order } from '@medical-qr/contracts';
import { useId } from 'react';
import { PrintedTag } from './printed-tag';

/** Every printed tag of an order, by item; none until the order has gone to print. */
export function PrintedTags({ order }: { order: Pick<Order, 'id' | 'productTitle' | 'quantity' | 'tags'> }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="mt-4">
      <h3 id={titleId} className="text-base font-bold text-slate-900 dark:text-white">
        {order.tags.length === 1 ? 'Printed tag' : 'Printed tags'}
      </h3>
      {order.tags.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Each item gets its own tag when the order goes to print. You can revoke a lost one here.
        </p>
      ) : (
        <ul className="mt-2 flex flex-col gap-3">
          {order.tags.map((tag) => (
            <PrintedTag key={tag.itemIndex} order={order} tag={tag} />
          ))}
        </ul>
      )}
    </section>
  );
}
