import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AlertTone } from '../../components/ui/inline-alert';

export type LoginTab = 'sign-in' | 'create-account';

/** A message shown at the top of the login dialog (from `?error=`, `?verified=1`, or a registration). */
export interface LoginNotice {
  tone: AlertTone;
  text: string;
}

export interface AuthUiState {
  /** Which auth dialog is open, if any. */
  dialog: 'login' | 'forgot-password' | null;
  tab: LoginTab;
  notice: LoginNotice | null;
  /** The email typed so far, carried between the sign-in form and the forgot-password dialog. */
  email: string;
}

const initialState: AuthUiState = { dialog: null, tab: 'sign-in', notice: null, email: '' };

/** Open/closed state of the login and forgot-password dialogs, so any screen can open them. */
export const authUiSlice = createSlice({
  name: 'authUi',
  initialState,
  reducers: {
    loginDialogOpened(
      state,
      action: PayloadAction<{ tab?: LoginTab; notice?: LoginNotice | null; email?: string } | undefined>,
    ) {
      const { tab = 'sign-in', notice = null, email } = action.payload ?? {};
      state.dialog = 'login';
      state.tab = tab;
      state.notice = notice;
      if (email !== undefined) state.email = email;
    },
    loginTabChanged(state, action: PayloadAction<LoginTab>) {
      state.tab = action.payload;
    },
    loginNoticeChanged(state, action: PayloadAction<LoginNotice | null>) {
      state.notice = action.payload;
    },
    forgotPasswordOpened(state, action: PayloadAction<{ email?: string } | undefined>) {
      state.dialog = 'forgot-password';
      if (action.payload?.email !== undefined) state.email = action.payload.email;
    },
    authDialogClosed(state) {
      state.dialog = null;
      state.notice = null;
    },
  },
  selectors: {
    selectAuthDialog: (state) => state.dialog,
    selectLoginTab: (state) => state.tab,
    selectLoginNotice: (state) => state.notice,
    selectAuthEmail: (state) => state.email,
  },
});

export const { loginDialogOpened, loginTabChanged, loginNoticeChanged, forgotPasswordOpened, authDialogClosed } =
  authUiSlice.actions;
export const { selectAuthDialog, selectLoginTab, selectLoginNotice, selectAuthEmail } = authUiSlice.selectors;
