import { jest } from '@jest/globals';
import { AuthMessages } from '@medical-qr/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { errorReply, stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { renderApp, screenLoaded } from '../../../test/render-with-providers';
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

/** The link check answers that the token can be used. */
const usable = (token: string) => ({ [`GET /api/auth/reset-password/${token}`]: { body: { valid: true } } });

/** The form's one message: the check's title, then its text. */
const alertText = () => screen.getByRole('alert').textContent;

/** Opens the page and lets the link check answer (the store tells subscribers on the next animation frame). */
async function openResetPage(path: string) {
  const view = renderApp(path);
  await screenLoaded();
  await advance(50);
  return view;
}

async function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
  await advance();
}

describe('reset password page', () => {
  it('has two password fields with show/hide toggles, and a way home', async () => {
    api = stubFetch(usable('tok-123'));
    await openResetPage('/reset-password/tok-123');
    expect(screen.getByLabelText('New password').getAttribute('type')).toBe('password');
    expect(screen.getByLabelText('New password').getAttribute('autocomplete')).toBe('new-password');
    const toggles = screen.getAllByRole('button', { name: 'Show password' });
    expect(toggles).toHaveLength(2);
    fireEvent.click(toggles[0]!);
    expect(screen.getByLabelText('New password').getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });

  it('checks the fields in the spec order before sending anything, each time in one message', async () => {
    api = stubFetch(usable('tok-123'));
    await openResetPage('/reset-password/tok-123');

    await submit();
    expect(alertText()).toBe('Missing InformationPlease fill in all fields');

    fill('abc', '');
    await submit();
    expect(alertText()).toBe('Missing InformationPlease fill in all fields');

    fill('abc', 'abc');
    await submit();
    expect(alertText()).toBe('Password Too ShortPassword must be at least 6 characters long');
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');

    fill('abcdef', 'abcdeg');
    await submit();
    expect(alertText()).toBe("Passwords Don't MatchPlease ensure both passwords match");
    expect(screen.getByLabelText('Confirm new password').getAttribute('aria-invalid')).toBe('true');
    expect(visibleToasts()).toEqual([]);
    expect(api.requests()).toEqual(['GET /api/auth/reset-password/tok-123']);
  });

  it('resets, shows the success view, and goes to sign in after 3 seconds', async () => {
    api = stubFetch({
      ...usable('tok-123'),
      'POST /api/auth/reset-password': { body: { message: 'Password updated' } },
    });
    const { router } = await openResetPage('/reset-password/tok-123');
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
      ...usable('old-token'),
      'POST /api/auth/reset-password': errorReply(400, AuthMessages.resetInvalid, { code: 'VALIDATION_ERROR' }),
    });
    await openResetPage('/reset-password/old-token');
    fill('new-secret', 'new-secret');
    await submit();

    expect(alertText()).toContain(`Reset Failed${AuthMessages.resetInvalid}`);
    expect(visibleToasts()).toEqual([]);
    const alert = screen.getByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Request a new link' }));
    await advance();
    expect(screen.getByRole('dialog', { name: 'Reset your password' })).toBeTruthy();
  });

  it('sends a link without a token home after 2 seconds', async () => {
    api = stubFetch();
    const { router } = await openResetPage('/reset-password');
    // Said once, on the page.
    expect(screen.getByRole('heading', { name: 'Invalid Link' })).toBeTruthy();
    expect(screen.getByText('This password reset link is invalid. Taking you to the home page…')).toBeTruthy();
    expect(visibleToasts()).toEqual([]);
    await advance(1900);
    expect(router.state.location.pathname).toBe('/reset-password');
    await advance(100);
    expect(router.state.location.pathname).toBe('/');
  });

  it('refuses a used or expired link as soon as the page opens, before any password is typed', async () => {
    api = stubFetch({
      'GET /api/auth/reset-password/used-token': errorReply(410, AuthMessages.resetInvalid, { code: 'GONE' }),
    });
    await openResetPage('/reset-password/used-token');
    expect(screen.getByRole('heading', { name: 'This reset link no longer works' })).toBeTruthy();
    expect(screen.getByText(AuthMessages.resetInvalid)).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Request a new link' }));
    await advance();
    expect(screen.getByRole('dialog', { name: 'Reset your password' })).toBeTruthy();
  });

  it('still offers the form when the link cannot be checked (the reset itself decides)', async () => {
    api = stubFetch({
      'GET /api/auth/reset-password/tok-9': errorReply(503, 'Identity is not answering', {
        code: 'SERVICE_UNAVAILABLE',
      }),
    });
    await openResetPage('/reset-password/tok-9');
    expect(screen.getByLabelText('New password')).toBeTruthy();
  });
});
