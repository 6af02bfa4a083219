import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { notificationsSlice } from '../components/ui/notifications/notifications-slice';
import { authUiSlice } from '../features/auth/auth-slice';
import { pricingDialogSlice } from '../features/premium/pricing-dialog-slice';
import { themeSlice } from '../features/theme/theme-slice';
import { api } from '../lib/api';

/** Features with their own state add their slice here. */
export const rootReducer = combineSlices(api, themeSlice, notificationsSlice, authUiSlice, pricingDialogSlice);

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
