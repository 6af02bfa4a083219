import { jest } from '@jest/globals';
import type { ReauthResponse } from '@medical-qr/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aUser, errorReply, stubFetch, type FetchStub, type StubHandler } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { settle } from '../../../test/settle';
import { visibleToasts } from '../../../test/toasts';
import { Toaster } from '../../components/ui/notifications';
import { browserLocation } from '../../lib/browser';
import { ReauthDialog } from './reauth-dialog';

const verified: ReauthResponse = { verified: true, reauthenticatedUntil: '2030-01-01T00:10:00.000Z' };
let api: FetchStub;

afterEach(() => {
  api?.restore();
  jest.restoreAllMocks();
});

function renderDialog(routes: Record<string, StubHandler>, user = aUser()) {
  api = stubFetch({ 'GET /api/auth/user': { body: user }, ...routes });
  const onVerified = jest.fn<(result: ReauthResponse) => void>();
  const onOpenChange = jest.fn<(open: boolean) => void>();
  renderWithProviders(
    <>
      <ReauthDialog open onOpenChange={onOpenChange} onVerified={onVerified} oauthConfirmDelayMs={0} />
      <Toaster />
    </>,
  );
  return { onVerified, onOpenChange, dialog: screen.getByRole('dialog', { name: "Confirm it's you" }) };
}

function verifyWith(dialog: HTMLElement, email: string | null, password: string) {
  if (email !== null) fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
}

describe('ReauthDialog', () => {
  it('verifies with email and password, then reports and closes', async () => {
    const { dialog, onVerified, onOpenChange } = renderDialog({ 'POST /api/auth/verify-password': { body: verified } });
    verifyWith(dialog, 'ada@example.com', 'secret1');

    await waitFor(() => expect(onVerified).toHaveBeenCalledWith(verified));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(api.callsTo('POST /api/auth/verify-password')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'secret1',
    });
    expect(visibleToasts()).toEqual([
      { type: 'success', title: 'Authentication successful', description: 'You can now access your privacy controls.' },
    ]);
  });

  it("prefills the signed-in user's email", async () => {
    const { dialog } = renderDialog({});
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com'),
    );
  });

  it('asks for both fields first', async () => {
    const { dialog } = renderDialog({});
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await settle();
    expect(within(dialog).getByRole('alert').textContent).toBe('Please enter both email and password');
    expect(api.requests()).toEqual([]);
  });

  it('says "Verification Failed" on a wrong password', async () => {
    const { dialog, onVerified } = renderDialog({
      'POST /api/auth/verify-password': errorReply(403, 'Re-authentication failed', { code: 'REAUTH_FAILED' }),
    });
    verifyWith(dialog, 'ada@example.com', 'wrong');
    // Once, in the dialog: "Verification Failed" and why, with no toast saying it again.
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'Verification FailedInvalid credentials. Please try again.',
      ),
    );
    expect(visibleToasts()).toEqual([]);
    expect(onVerified).not.toHaveBeenCalled();
  });

  it('moves a Google-only account to the OAuth confirmation', async () => {
    const { dialog, onVerified } = renderDialog({
      'POST /api/auth/verify-password': errorReply(400, 'This account signs in with Google', {
        code: 'OAUTH_NO_PASSWORD',
      }),
      'POST /api/auth/confirm-oauth-reauth': { body: verified },
    });
    verifyWith(dialog, 'ada@example.com', 'anything');

    expect(await within(dialog).findByText('Your account signs in with Google')).toBeTruthy();
    await waitFor(() => expect(onVerified).toHaveBeenCalledWith(verified));
    expect(api.requests()).toEqual(['POST /api/auth/verify-password', 'POST /api/auth/confirm-oauth-reauth']);
    expect(api.callsTo('POST /api/auth/confirm-oauth-reauth')[0]?.body).toEqual({});
  });

  it('confirms an account without a password straight away, without asking for one', async () => {
    const { onVerified } = renderDialog(
      { 'POST /api/auth/confirm-oauth-reauth': { body: verified } },
      aUser({ hasPassword: false, hasGoogle: true }),
    );
    await waitFor(() => expect(onVerified).toHaveBeenCalledWith(verified));
    expect(api.requests()).toEqual(['POST /api/auth/confirm-oauth-reauth']);
  });

  it('goes through Google when the server asks for it', async () => {
    const assign = jest.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    const { dialog } = renderDialog({
      'POST /api/auth/verify-password': errorReply(400, 'Google account', { code: 'OAUTH_NO_PASSWORD' }),
      'POST /api/auth/confirm-oauth-reauth': errorReply(403, 'Please confirm with Google', {
        code: 'REAUTH_REQUIRED',
        redirectUrl: '/api/auth/google?redirect=%2Fprivacy&reauth=1',
      }),
    });
    verifyWith(dialog, 'ada@example.com', 'anything');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/auth/google?redirect=%2Fprivacy&reauth=1'));
    expect(within(dialog).getByText('Continuing to Google…')).toBeTruthy();
  });

  it('says "OAuth Confirmation Failed" when the confirmation fails, and can try again', async () => {
    let attempts = 0;
    const { dialog, onVerified } = renderDialog({
      'POST /api/auth/verify-password': errorReply(400, 'Google account', { code: 'OAUTH_NO_PASSWORD' }),
      'POST /api/auth/confirm-oauth-reauth': () =>
        ++attempts === 1
          ? errorReply(503, 'Identity service unavailable', { code: 'SERVICE_UNAVAILABLE' })
          : { body: verified },
    });
    verifyWith(dialog, 'ada@example.com', 'anything');
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'OAuth Confirmation FailedIdentity service unavailable',
      ),
    );
    expect(visibleToasts()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(onVerified).toHaveBeenCalledWith(verified));
  });
});
