import { jest } from '@jest/globals';
import { AuthMessages } from '@medical-qr/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { errorReply, stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-with-providers';
import { advance } from '../../../test/timers';
import { visibleToasts } from '../../../test/toasts';

let api: FetchStub;

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  api?.restore();
});

function fill(password: string, confirmation: string) {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: confirmation } });
}

async function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
  await advance();
}

describe('reset password page', () => {
  it('has two password fields with show/hide toggles, and a way home', async () => {
    api = stubFetch();
    renderApp('/reset-password/tok-123');
    await advance();
    expect(screen.getByLabelText('New password').getAttribute('type')).toBe('password');
    expect(screen.getByLabelText('New password').getAttribute('autocomplete')).toBe('new-password');
    const toggles = screen.getAllByRole('button', { name: 'Show password' });
    expect(toggles).toHaveLength(2);
    fireEvent.click(toggles[0]!);
    expect(screen.getByLabelText('New password').getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });

  it('checks the fields in the spec order before sending anything', async () => {
    api = stubFetch();
    renderApp('/reset-password/tok-123');
    await advance();

    await submit();
    expect(visibleToasts()).toEqual([
      { type: 'error', title: 'Missing Information', description: 'Please fill in all fields' },
    ]);

    fill('abc', '');
    await submit();
    expect(visibleToasts()[0]).toMatchObject({ title: 'Missing Information' });

    fill('abc', 'abc');
    await submit();
    expect(visibleToasts()).toEqual([
      { type: 'error', title: 'Password Too Short', description: 'Password must be at least 6 characters long' },
    ]);
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');

    fill('abcdef', 'abcdeg');
    await submit();
    expect(visibleToasts()).toEqual([
      { type: 'error', title: "Passwords Don't Match", description: 'Please ensure both passwords match' },
    ]);
    expect(screen.getByLabelText('Confirm new password').getAttribute('aria-invalid')).toBe('true');
    expect(api.requests()).toEqual([]);
  });

  it('resets, shows the success view, and goes to sign in after 3 seconds', async () => {
    api = stubFetch({ 'POST /api/auth/reset-password': { body: { message: 'Password updated' } } });
    const { router } = renderApp('/reset-password/tok-123');
    await advance();
    fill('new-secret', 'new-secret');
    await submit();

    expect(api.callsTo('POST /api/auth/reset-password')[0]?.body).toEqual({ token: 'tok-123', password: 'new-secret' });
    expect(screen.getByRole('heading', { name: 'Password Reset Successful' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/?login=true');

    await advance(2900);
    expect(router.state.location.pathname).toBe('/reset-password/tok-123');
    await advance(100);
    expect(router.state.location.pathname).toBe('/');
    await advance();
    expect(screen.getByRole('dialog', { name: 'Welcome to Medical QR' })).toBeTruthy();
  });

  it('says the link may have expired when the server refuses it, and offers a new one', async () => {
    api = stubFetch({
      'POST /api/auth/reset-password': errorReply(400, AuthMessages.resetInvalid, { code: 'VALIDATION_ERROR' }),
    });
    renderApp('/reset-password/old-token');
    await advance();
    fill('new-secret', 'new-secret');
    await submit();

    expect(visibleToasts()).toEqual([{ type: 'error', title: 'Reset Failed', description: AuthMessages.resetInvalid }]);
    const alert = screen.getByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Request a new link' }));
    await advance();
    expect(screen.getByRole('dialog', { name: 'Reset your password' })).toBeTruthy();
  });

  it('sends a link without a token home after 2 seconds', async () => {
    api = stubFetch();
    const { router } = renderApp('/reset-password');
    await advance();
    expect(visibleToasts()).toEqual([
      { type: 'error', title: 'Invalid Link', description: 'This password reset link is invalid.' },
    ]);
    await advance(1900);
    expect(router.state.location.pathname).toBe('/reset-password');
    await advance(100);
    expect(router.state.location.pathname).toBe('/');
  });
});
