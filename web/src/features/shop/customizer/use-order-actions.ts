import { ShopMessages, type MockupTag } from '@medical-qr/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../../components/ui/notifications';
import { useAppDispatch } from '../../../lib/hooks';
import { paths } from '../../../lib/paths';
import { useAddToCartMutation, useRemoveCartItemMutation, type CartLineRequest } from '../cart-api';
import { useGenerateTaggedMockupMutation } from '../catalog-api';
import { startQuickCheckout } from '../checkout/checkout-intent';
import { refusalMessage, statusOf } from '../shop-errors';
import { cartLineFrom, type LineChoices } from './cart-line';

export type PendingAction = 'cart' | 'checkout' | null;

/** Thrown inside a step to stop the action once its failure has been told. */
class ActionStopped extends Error {}

/**
 * Add to Cart, Update Cart and Quick Checkout (SPEC sections 4 and 8). Each first makes the product that will be
 * printed (a tagged mockup). Adding says "Added to cart" and shows the cart; an edit deletes the old line, adds the
 * new one and goes to the cart ("Cart updated"); a quick checkout keeps the item for /checkout and goes there. A failure is told in a
 * toast with the section 8 text, and the server's reason when it gives one.
 */
export function useOrderActions({ editingItemId }: { editingItemId: string | undefined }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [generateTaggedMockup] = useGenerateTaggedMockupMutation();
  const [addToCart] = useAddToCartMutation();
  const [removeCartItem] = useRemoveCartItemMutation();
  const [pending, setPending] = useState<PendingAction>(null);

  const fail = (title: string, error: unknown): never => {
    dispatch(notify({ type: 'error', title, description: refusalMessage(error, '') || undefined }));
    throw new ActionStopped(title);
  };

  const prepare = async (choices: LineChoices, tag: MockupTag, failure: string): Promise<CartLineRequest> => {
    try {
      const tagged = await generateTaggedMockup({
        blueprintId: choices.blueprintId,
        printProviderId: choices.printProviderId,
        variantId: choices.variantId,
        scale: choices.scale,
        tag,
      }).unwrap();
      return cartLineFrom(choices, tagged);
    } catch (error) {
      return fail(failure, error);
    }
  };

  const run = async (action: Exclude<PendingAction, null>, steps: () => Promise<void>) => {
    setPending(action);
    try {
      await steps();
    } catch (error) {
      if (!(error instanceof ActionStopped)) throw error;
    } finally {
      setPending(null);
    }
  };

  const saveToCart = (choices: LineChoices) =>
    run('cart', async () => {
      const line = await prepare(choices, 'in_cart', ShopMessages.prepareForCartFailed);
      if (editingItemId) {
        // Already gone (an earlier attempt removed it) is as good as removed.
        await removeCartItem(editingItemId)
          .unwrap()
          .catch((error: unknown) => (statusOf(error) === 404 ? undefined : fail(ShopMessages.removeOldFailed, error)));
        await addToCart(line)
          .unwrap()
          .catch((error: unknown) => fail(ShopMessages.updateFailed, error));
        dispatch(notify({ type: 'success', title: ShopMessages.cartUpdated }));
        navigate(paths.cart.getHref());
        return;
      }
      await addToCart(line)
        .unwrap()
        .catch((error: unknown) => fail(ShopMessages.addFailed, error));
      dispatch(
        notify({
          type: 'success',
          title: ShopMessages.addedToCart,
          description: `${line.productTitle} (${line.variantLabel}) × ${line.quantity}`,
        }),
      );
      navigate(paths.cart.getHref());
    });

  const quickCheckout = (choices: LineChoices) =>
    run('checkout', async () => {
      const line = await prepare(choices, 'quick_checkout', ShopMessages.prepareForCheckoutFailed);
      startQuickCheckout(line);
      navigate(paths.checkout.getHref());
    });

  return { pending, saveToCart, quickCheckout };
}
