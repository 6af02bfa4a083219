import type { Order, OrderTag } from '@medical-qr/contracts';
import { Ban } from 'lucide-react';
import { useRef, useState } from 'react';
import { useGetSmsNumberQuery } from '../../../components/printed-reference/sms-number-api';
import { TextReference } from '../../../components/printed-reference/text-reference';
import { buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { notify } from '../../../components/ui/notifications';
import { formatDate } from '../../../lib/format-date';
import { useAppDispatch } from '../../../lib/hooks';
import { useRevokeOrderTagMutation } from '../orders-api';
import { refusalMessage } from '../shop-errors';
import { StatusBadge } from './status-badge';

/** "Item 2 of 3" for an order of several items; "Code" for one, whose card already names the product. */
export function tagItemName(order: Pick<Order, 'quantity'>, tag: Pick<OrderTag, 'itemIndex'>): string {
  return order.quantity > 1 ? `Item ${tag.itemIndex + 1} of ${order.quantity}` : 'Code';
}

/**
 * The tag printed on one item of an order (DESIGN: printed items carry their own tags): its code, link and printed
 * reference, whether it still opens the card, and Revoke (a lost keychain), which asks first: the other tags keep working and it
 * cannot be undone.
 */
export function PrintedTag({ order, tag }: { order: Pick<Order, 'id' | 'productTitle' | 'quantity'>; tag: OrderTag }) {
  const dispatch = useAppDispatch();
  const [revokeTag, revocation] = useRevokeOrderTagMutation();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLParagraphElement>(null);
  const revokeButton = useRef<HTMLButtonElement>(null);
  // Set on success, before the list shows the tag revoked: where focus goes when the dialog closes.
  const revokedHere = useRef(false);
  const revoked = tag.revokedAt !== null;
  const item = tagItemName(order, tag);
  // Asked only when a working tag has a reference to say it beside.
  const smsNumber = useGetSmsNumberQuery(undefined, { skip: revoked || !tag.reference }).data?.number ?? null;

  const open = () => {
    setFailure(null);
    setConfirming(true);
  };
  const revoke = async () => {
    try {
      await revokeTag({ orderId: order.id, itemIndex: tag.itemIndex }).unwrap();
      revokedHere.current = true;
      setConfirming(false);
      dispatch(
        notify({
          type: 'success',
          title: 'Tag revoked',
          description: `Scanning ${order.quantity > 1 ? `item ${tag.itemIndex + 1}` : `the ${order.productTitle}`} no longer opens your card.`,
        }),
      );
    } catch (error) {
      setFailure(refusalMessage(error, 'The tag could not be revoked. Please try again.'));
    }
  };

  return (
    <li className="rounded-2xl border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p ref={heading} tabIndex={-1} className="font-bold text-slate-900 outline-none dark:text-white">
          {item} <span className="font-mono font-semibold text-slate-600 dark:text-slate-300">{tag.tokenPrefix}</span>
        </p>
        <StatusBadge label={revoked ? 'Revoked' : 'Active'} tone={revoked ? 'neutral' : 'success'} />
      </div>
      {revoked ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          Revoked on {formatDate(tag.revokedAt!)}. Scanning it no longer opens your card.
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Scanned, it opens your current emergency card:{' '}
            <a
              href={tag.url}
              className="font-semibold break-all text-slate-900 underline underline-offset-2 dark:text-slate-100"
            >
              {tag.url}
            </a>
          </p>
          {tag.reference ? <TextReference reference={tag.reference} smsNumber={smsNumber} className="mt-2" /> : null}
          <button
            ref={revokeButton}
            type="button"
            aria-label={order.quantity > 1 ? `Revoke Tag of item ${tag.itemIndex + 1}` : undefined}
            className={buttonClasses({ variant: 'destructive', className: 'mt-3 whitespace-nowrap' })}
            onClick={open}
          >
            <Ban className="size-5" aria-hidden="true" />
            Revoke Tag
          </button>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        // Back to Revoke Tag, or, once the tag is revoked and the button gone, to the tag's heading.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          (revokedHere.current || revoked ? heading : revokeButton).current?.focus();
        }}
        title="Revoke this printed tag?"
        description={`Anyone who scans the tag on ${order.quantity > 1 ? `item ${tag.itemIndex + 1} of your ${order.productTitle} order` : `your ${order.productTitle}`} will no longer see your emergency card. Your other tags and your QR code keep working. This cannot be undone.`}
        cancelLabel="Keep Tag"
        confirmLabel="Revoke Tag"
        pendingLabel="Revoking…"
        confirmIcon={Ban}
        pending={revocation.isLoading}
        onConfirm={() => void revoke()}
      >
        {failure ? (
          <InlineAlert tone="error" className="mb-4">
            {failure}
          </InlineAlert>
        ) : null}
      </ConfirmDialog>
    </li>
  );
}
