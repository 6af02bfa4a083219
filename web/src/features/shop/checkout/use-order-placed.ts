import { ShopMessages } from '@medical-qr/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../../components/ui/notifications';
import { api } from '../../../lib/api';
import { useAppDispatch } from '../../../lib/hooks';
import { paths } from '../../../lib/paths';
import { clearCheckoutIntent } from './checkout-intent';

/**
 * A paid checkout (SPEC section 4): what was kept for it is cleared, the cart and the orders are asked again (the
 * server emptied the cart and made the orders), "Order Placed!" is said, and the person goes to /my-orders.
 */
export function useOrderPlaced(): () => void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(() => {
    clearCheckoutIntent();
    dispatch(api.util.invalidateTags(['Cart', 'Order']));
    dispatch(
      notify({ type: 'success', title: ShopMessages.orderPlaced, description: ShopMessages.orderPlacedDescription }),
    );
    navigate(paths.myOrders.getHref(), { replace: true });
  }, [dispatch, navigate]);
}
