import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { aUser, errorReply, stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { visibleToasts } from '../../../test/toasts';
import { Toaster } from '../../components/ui/notifications';
import { browserLocation } from '../../lib/browser';
import { STORAGE_KEYS } from '../../lib/storage';
import { useAuth } from './use-auth';
import { useDemoLogin } from './use-demo-login';

function DemoButton() {
  const { demoLogin, isLoading } = useDemoLogin();
  const { user } = useAuth();
  return (
    <>
      <p>{user ? `Signed in as ${user.firstName}` : 'Signed out'}</p>
      <button type="button" onClick={() => void demoLogin()} disabled={isLoading}>
        Use Demo Account
      </button>
      <Toaster />
    </>
  );
}

let api: FetchStub;
beforeEach(() => localStorage.clear());
afterEach(() => {
  api.restore();
  jest.restoreAllMocks();
});

describe('useDemoLogin', () => {
  it('signs in to the demo account and reloads the page', async () => {
    api = stubFetch({
      'POST /api/auth/demo-login': { body: { message: 'Demo login successful', user: aUser({ firstName: 'Demo' }) } },
    });
    const reload = jest.spyOn(browserLocation, 'reload').mockImplementation(() => undefined);
    renderWithProviders(<DemoButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Use Demo Account' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(api.callsTo('POST /api/auth/demo-login')[0]?.body).toBeUndefined();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({
      firstName: 'Demo',
      isAuthenticated: true,
    });
  });

  it('knows the demo user from the answer, without asking GET /api/auth/user again', async () => {
    api = stubFetch({
      'POST /api/auth/demo-login': { body: { message: 'Demo login successful', user: aUser({ firstName: 'Demo' }) } },
    });
    const reload = jest.spyOn(browserLocation, 'reload').mockImplementation(() => undefined);
    renderWithProviders(<DemoButton />);
    await screen.findByText('Signed out');
    fireEvent.click(screen.getByRole('button', { name: 'Use Demo Account' }));

    expect(await screen.findByText('Signed in as Demo')).toBeTruthy();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Signed out at first, with no session to ask about; signed in, the answer said who.
    expect(api.callsTo('GET /api/auth/user')).toHaveLength(0);
  });

  it('points to the regular sign-in when demo login is switched off', async () => {
    api = stubFetch({ 'POST /api/auth/demo-login': errorReply(404, 'Not found', { code: 'NOT_FOUND' }) });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const reload = jest.spyOn(browserLocation, 'reload').mockImplementation(() => undefined);
    renderWithProviders(<DemoButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Use Demo Account' }));
    await waitFor(() =>
      expect(visibleToasts()).toEqual([
        { type: 'error', title: 'Demo login unavailable', description: 'Please try the regular sign in above.' },
      ]),
    );
    expect(reload).not.toHaveBeenCalled();
  });
});
