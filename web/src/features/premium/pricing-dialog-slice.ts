import { createSlice } from '@reduxjs/toolkit';

/** Whether the pricing dialog is open: any upgrade prompt (header, menu, promo) opens it over the current screen. */
export const pricingDialogSlice = createSlice({
  name: 'pricingDialog',
  initialState: { open: false },
  reducers: {
    pricingDialogOpened(state) {
      state.open = true;
    },
    pricingDialogClosed(state) {
      state.open = false;
    },
  },
  selectors: {
    selectPricingDialogOpen: (state) => state.open,
  },
});

export const { pricingDialogOpened, pricingDialogClosed } = pricingDialogSlice.actions;
export const { selectPricingDialogOpen } = pricingDialogSlice.selectors;
