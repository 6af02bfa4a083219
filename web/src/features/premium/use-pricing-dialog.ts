import { useCallback, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { pricingDialogClosed, pricingDialogOpened, selectPricingDialogOpen } from './pricing-dialog-slice';

/** Opens and closes the pricing dialog, which the root layout mounts once. */
export function usePricingDialog() {
  const dispatch = useAppDispatch();
  const isOpen = useAppSelector(selectPricingDialogOpen);
  const open = useCallback(() => dispatch(pricingDialogOpened()), [dispatch]);
  const close = useCallback(() => dispatch(pricingDialogClosed()), [dispatch]);
  return useMemo(() => ({ isOpen, open, close }), [isOpen, open, close]);
}
