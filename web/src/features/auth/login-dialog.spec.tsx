import { jest } from '@jest/globals';
import { AuthMessages } from '@medical-qr/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aUser, errorReply, signedOut, stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-with-providers';
import { settle } from '../../../test/settle';
import { visibleToasts } from '../../../test/toasts';
import { browserLocation } from '../../lib/browser';
import { rememberLoginRedirect, rememberUpgradeIntent, SESSION_KEYS } from '../../lib/login-gate';
import { STORAGE_KEYS } from '../../lib/storage';

let api: FetchStub;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  api?.restore();
  jest.restoreAllMocks();
});

/** A server where POST /api/auth/login (or register) signs Ada in. */
function signInServer(routes: Parameters<typeof stubFetch>[0] = {}) {
  let signedIn = false;
  const user = aUser();
  api = stubFetch({
    'GET /api/auth/user': () => (signedIn ? { body: user } : signedOut),
    'POST /api/auth/login': () => {
      signedIn = true;
      return { body: { message: 'Login successful', user } };
    },
    ...routes,
  });
  return { signIn: () => (signedIn = true) };
}

/** The account requests (`/api/auth/...`) made after the first `count` requests. */
function authRequestsSince(count: number): string[] {
  return api.calls
    .slice(count)
    .filter((call) => call.path.startsWith('/api/auth/'))
    .map((call) => `${call.method} ${call.path}`);
}

async function openLoginDialog(route = '/?login=true') {
  const view = renderApp(route);
  const dialog = await screen.findByRole('dialog', { name: 'Welcome to Medical QR' });
  return { ...view, dialog };
}

function fill(dialog: HTMLElement, label: string, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

function signInWith(dialog: HTMLElement, email: string, password: string) {
  fill(dialog, 'Email', email);
  fill(dialog, 'Password', password);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Sign In' }));
}

describe('login dialog: opening', () => {
  it('opens from ?login=true with Sign In selected, the Google button, and focus in the email field', async () => {
    api = stubFetch();
    const { dialog } = await openLoginDialog();
    expect(within(dialog).getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
    expect(within(dialog).getByRole('tab', { name: 'Create Account' }).getAttribute('aria-selected')).toBe('false');
    expect(within(dialog).getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Email')));
    expect(within(dialog).getByLabelText('Email').getAttribute('autocomplete')).toBe('email');
    expect(within(dialog).getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
  });

  it('shows our words for the error code a server redirect put in the URL', async () => {
    api = stubFetch();
    const { dialog } = await openLoginDialog('/?login=true&error=google_cancelled');
    expect(within(dialog).getByRole('alert').textContent).toBe('Google sign-in was cancelled.');
  });

  it('never shows text somebody put in a link: an unknown code gets a plain message of our own', async () => {
    api = stubFetch();
    const planted = encodeURIComponent('Your account is suspended. Call +1 555 0100 to restore it.');
    const { dialog } = await openLoginDialog(`/?login=true&error=${planted}`);
    expect(within(dialog).getByRole('alert').textContent).toBe('Sign-in did not complete. Please try again.');
    expect(dialog.textContent).not.toContain('555');
  });

  it('says the email is verified after the verification link', async () => {
    api = stubFetch();
    const { dialog } = await openLoginDialog('/?login=true&verified=1');
    expect(within(dialog).getByRole('status').textContent).toBe('Email verified. You can sign in now.');
  });

  it('drops the login keys from the URL when closed, keeping the rest', async () => {
    api = stubFetch();
    const { router } = await openLoginDialog('/?login=true&error=x&keep=1');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('?keep=1');
  });

  it('does not open for someone already signed in', async () => {
    api = stubFetch({ 'GET /api/auth/user': { body: aUser() } });
    const { router } = renderApp('/?login=true');
    await screen.findAllByText('Hi, Ada!');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens from the header Login link', async () => {
    api = stubFetch();
    renderApp('/');
    // Signed out, with no session to ask about: the header offers Login without a request.
    await screen.findByRole('link', { name: 'Login', hidden: true });
    expect(api.callsTo('GET /api/auth/user')).toHaveLength(0);
    fireEvent.click(screen.getByRole('link', { name: 'Login' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome to Medical QR' })).toBeTruthy();
  });

  it('moves between the tabs with the arrow keys', async () => {
    api = stubFetch();
    const { dialog } = await openLoginDialog();
    fireEvent.keyDown(within(dialog).getByRole('tab', { name: 'Sign In' }), { key: 'ArrowRight' });
    const create = within(dialog).getByRole('tab', { name: 'Create Account' });
    expect(create.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(create);
    expect(within(dialog).getByLabelText('First name')).toBeTruthy();
  });
});

describe('login dialog: signing in', () => {
  it('signs in: request with the checked values, toast, greeting, saved user, dialog closed', async () => {
    signInServer();
    const { dialog, router } = await openLoginDialog();
    signInWith(dialog, ' Ada@Example.com ', 'secret1');

    expect((await screen.findAllByText('Hi, Ada!')).length).toBeGreaterThan(0);
    expect(api.callsTo('POST /api/auth/login')[0]?.body).toEqual({ email: 'ada@example.com', password: 'secret1' });
    expect(visibleToasts()).toEqual([{ type: 'success', title: 'Login successful', description: 'Welcome back!' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({
      firstName: 'Ada',
      email: 'ada@example.com',
      isAuthenticated: true,
    });
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('learns who signed in from the sign-in answer: one request, none to GET /api/auth/user after it', async () => {
    signInServer();
    const { dialog } = await openLoginDialog();
    await waitFor(() => expect(api.callsTo('GET /api/auth/user')).toHaveLength(1));
    const before = api.calls.length;
    signInWith(dialog, 'ada@example.com', 'secret1');

    expect((await screen.findAllByText('Hi, Ada!')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Long enough for a refetch after the sign-in to have been sent.
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The signed-in home page then loads the dashboard; of the account endpoints, only the sign-in was asked.
    expect(authRequestsSince(before)).toEqual(['POST /api/auth/login']);
  });

  it('shows "Login failed" with the server message on wrong credentials', async () => {
    api = stubFetch({
      'POST /api/auth/login': errorReply(401, 'Invalid credentials', { code: 'INVALID_CREDENTIALS' }),
    });
    const { dialog } = await openLoginDialog();
    signInWith(dialog, 'ada@example.com', 'wrong-password');

    // One message, in the dialog: the alert says "Login failed" and why; no toast repeats it.
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('Login failed')).toBeTruthy();
    expect(within(alert).getByText('Invalid credentials')).toBeTruthy();
    expect(visibleToasts()).toEqual([]);
    expect(within(dialog).getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('asks for both fields before sending anything', async () => {
    api = stubFetch();
    const { dialog } = await openLoginDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    await settle();
    expect(within(dialog).getByRole('alert').textContent).toBe('Please fill in all required fields');
    expect(within(dialog).getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');

    fill(dialog, 'Email', 'ada@example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    await settle();
    expect(within(dialog).getByRole('alert').textContent).toBe('Please fill in all required fields');

    fill(dialog, 'Email', 'not-an-email');
    fill(dialog, 'Password', 'secret1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    await settle();
    expect(within(dialog).getByRole('alert').textContent).toBe('Invalid email format');
    expect(api.requests()).toEqual([]);
  });

  it('explains an unverified email and sends a new verification link', async () => {
    api = stubFetch({
      'POST /api/auth/login': errorReply(403, AuthMessages.verifyBeforeLogin, {
        code: 'EMAIL_NOT_VERIFIED',
        requiresVerification: true,
      }),
      'POST /api/auth/verify-email': { body: { message: 'A new link is on its way.' } },
    });
    const { dialog } = await openLoginDialog();
    signInWith(dialog, 'ada@example.com', 'secret1');

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(AuthMessages.verifyBeforeLogin);
    fireEvent.click(within(alert).getByRole('button', { name: 'Send a new verification link' }));
    await waitFor(() =>
      expect(visibleToasts()).toEqual([
        { type: 'success', title: 'Verification email sent', description: 'A new link is on its way.' },
      ]),
    );
    expect(api.callsTo('POST /api/auth/verify-email')[0]?.body).toEqual({ email: 'ada@example.com' });
  });

  it('shows the rate limit message', async () => {
    api = stubFetch({
      'POST /api/auth/login': errorReply(429, 'Too many sign-in attempts. Try again in 15 minutes.', {
        code: 'RATE_LIMITED',
      }),
    });
    const { dialog } = await openLoginDialog();
    signInWith(dialog, 'ada@example.com', 'secret1');
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Login failedToo many sign-in attempts. Try again in 15 minutes.');
    expect(visibleToasts()).toEqual([]);
  });

  it('disables the button and shows progress while the request is pending', async () => {
    let answer: (reply: { body: unknown }) => void = () => undefined;
    api = stubFetch({ 'POST /api/auth/login': () => new Promise((resolve) => (answer = resolve)) });
    const { dialog } = await openLoginDialog();
    signInWith(dialog, 'ada@example.com', 'secret1');
    const pending = await within(dialog).findByRole('button', { name: 'Signing in…' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    answer({ body: { message: 'ok', user: aUser() } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('follows a stored redirect target shortly after signing in', async () => {
    signInServer();
    rememberLoginRedirect('/privacy');
    const { dialog, router } = await openLoginDialog();
    signInWith(dialog, 'ada@example.com', 'secret1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/privacy'));
    expect(sessionStorage.getItem(SESSION_KEYS.loginRedirect)).toBeNull();
  });

  it('sends a pending upgrade to /subscribe', async () => {
    signInServer();
    rememberLoginRedirect('/privacy');
    rememberUpgradeIntent();
    const { dialog, router } = await openLoginDialog();
    signInWith(dialog, 'ada@example.com', 'secret1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscribe'));
  });

  it('continues with Google back to this page, or to the stored target', async () => {
    api = stubFetch();
    const assign = jest.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    const { dialog } = await openLoginDialog('/terms?login=true&section=2');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue with Google' }));
    expect(assign).toHaveBeenCalledWith('/api/auth/google?redirect=%2Fterms%3Fsection%3D2');
  });

  it('continues with Google to a stored target', async () => {
    api = stubFetch();
    const assign = jest.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    rememberLoginRedirect('/my-orders');
    const { dialog } = await openLoginDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue with Google' }));
    expect(assign).toHaveBeenCalledWith('/api/auth/google?redirect=%2Fmy-orders');
  });
});

describe('login dialog: creating an account', () => {
  function openCreateAccount(dialog: HTMLElement) {
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Create Account' }));
  }

  function fillAccount(dialog: HTMLElement) {
    fill(dialog, 'First name', 'Grace');
    fill(dialog, 'Last name', 'Hopper');
    fill(dialog, 'Email', 'grace@example.com');
    fill(dialog, 'Password', 'cobol-1959');
  }

  it('labels the fields for autofill', async () => {
    api = stubFetch();
    const { dialog } = await openLoginDialog();
    openCreateAccount(dialog);
    const autocomplete = (label: string | RegExp) => within(dialog).getByLabelText(label).getAttribute('autocomplete');
    expect(['First name', 'Last name', 'Email', /^Phone number/, 'Password'].map(autocomplete)).toEqual([
      'given-name',
      'family-name',
      'email',
      'tel',
      'new-password',
    ]);
  });

  it('switches to Sign In with the message when the email must be verified first', async () => {
    const message = 'Account created. Check your email for the activation link.';
    api = stubFetch({
      'POST /api/auth/register': {
        status: 201,
        body: { requiresVerification: true, message, user: aUser({ firstName: 'Grace' }) },
      },
    });
    const { dialog } = await openLoginDialog();
    openCreateAccount(dialog);
    fillAccount(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));

    await waitFor(() =>
      expect(within(dialog).getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(within(dialog).getByRole('status').textContent).toBe(message);
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('grace@example.com');
    expect(api.callsTo('POST /api/auth/register')[0]?.body).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      password: 'cobol-1959',
    });
    // The dialog's notice says it; no toast says it again.
    expect(visibleToasts()).toEqual([]);
    expect(screen.queryByText('Hi, Grace!')).toBeNull();
  });

  it('signs the new user in when no verification is needed', async () => {
    let registered = false;
    api = stubFetch({
      'GET /api/auth/user': () => (registered ? { body: aUser({ firstName: 'Grace' }) } : signedOut),
      'POST /api/auth/register': () => {
        registered = true;
        return {
          status: 201,
          body: { requiresVerification: false, message: 'Welcome', user: aUser({ firstName: 'Grace' }) },
        };
      },
    });
    const { dialog } = await openLoginDialog();
    openCreateAccount(dialog);
    fillAccount(dialog);
    fireEvent.change(within(dialog).getByLabelText(/^Phone number/), { target: { value: '+1 555 0100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));

    expect((await screen.findAllByText('Hi, Grace!')).length).toBeGreaterThan(0);
    expect(api.callsTo('POST /api/auth/register')[0]?.body).toMatchObject({ phoneNumber: '+1 555 0100' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('learns who signed up from the registration answer: no GET /api/auth/user after it', async () => {
    api = stubFetch({
      'POST /api/auth/register': {
        status: 201,
        body: { requiresVerification: false, message: 'Welcome', user: aUser({ firstName: 'Grace' }) },
      },
    });
    const { dialog } = await openLoginDialog();
    // Signed out, with no session to ask about: the header offers Login without a request.
    await screen.findByRole('link', { name: 'Login', hidden: true });
    expect(api.callsTo('GET /api/auth/user')).toHaveLength(0);
    const before = api.calls.length;
    openCreateAccount(dialog);
    fillAccount(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));

    expect((await screen.findAllByText('Hi, Grace!')).length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(authRequestsSince(before)).toEqual(['POST /api/auth/register']);
  });

  it('checks the fields before sending: required ones, then the password length', async () => {
    api = stubFetch();
    const { dialog } = await openLoginDialog();
    openCreateAccount(dialog);
    fill(dialog, 'Email', 'grace@example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    await settle();
    expect(within(dialog).getByRole('alert').textContent).toBe('Please fill in all required fields');

    fillAccount(dialog);
    fill(dialog, 'Password', '12345');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    await settle();
    expect(within(dialog).getByRole('alert').textContent).toBe('Password must be at least 6 characters long');
    expect(api.requests()).toEqual([]);
  });

  it('shows "Failed to create account" with the reason', async () => {
    api = stubFetch({
      'POST /api/auth/register': errorReply(409, 'An account with this email already exists.', { code: 'CONFLICT' }),
    });
    const { dialog } = await openLoginDialog();
    openCreateAccount(dialog);
    fillAccount(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Failed to create accountAn account with this email already exists.');
    expect(visibleToasts()).toEqual([]);
    expect(within(dialog).getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('forgot password dialog', () => {
  async function openForgotPassword(email = '') {
    const { dialog } = await openLoginDialog();
    if (email) fill(dialog, 'Email', email);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    return screen.findByRole('dialog', { name: 'Reset your password' });
  }

  it('asks for an email first', async () => {
    api = stubFetch();
    const dialog = await openForgotPassword();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Reset Link' }));
    await settle();
    expect(within(dialog).getByRole('alert').textContent).toBe('Email RequiredPlease enter your email address');
    expect(visibleToasts()).toEqual([]);
    expect(api.requests()).toEqual([]);
  });

  it('carries the typed email over and confirms neutrally', async () => {
    api = stubFetch({ 'POST /api/auth/forgot-password': { body: { message: AuthMessages.forgotPasswordSent } } });
    const dialog = await openForgotPassword('ada@example.com');
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByRole('dialog', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(AuthMessages.forgotPasswordSent);
    expect(api.callsTo('POST /api/auth/forgot-password')[0]?.body).toEqual({ email: 'ada@example.com' });

    fireEvent.click(screen.getByRole('button', { name: 'Back to Sign In' }));
    const login = await screen.findByRole('dialog', { name: 'Welcome to Medical QR' });
    expect((within(login).getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
  });
});

describe('login dialog: landing after a link or a sign-in', () => {
  afterEach(() => {
    document.cookie = 'mqr.signin-email=; Max-Age=0; Path=/';
    document.cookie = 'mqr.welcome=; Max-Age=0; Path=/';
  });

  it('prefills the address the verification link confirmed, from the short-lived hint, and removes the hint', async () => {
    api = stubFetch();
    document.cookie = 'mqr.signin-email=grace%40example.com; Path=/';
    const { dialog } = await openLoginDialog('/?login=true&verified=1');
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('grace@example.com');
    expect(document.cookie).not.toContain('mqr.signin-email');
  });

  it('says an address already verified is verified, not that the link is broken', async () => {
    api = stubFetch();
    document.cookie = 'mqr.signin-email=grace%40example.com; Path=/';
    const { dialog } = await openLoginDialog('/?login=true&verified=already');
    expect(within(dialog).getByRole('status').textContent).toBe('Your email is already verified. You can sign in.');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('grace@example.com');
  });

  it.each([
    [
      true,
      {
        type: 'success',
        title: 'Welcome to Medical QR, Ada!',
        description: "You're signed in. Fill in your medical ID to get your QR code.",
      },
    ],
    [false, { type: 'success', title: 'Login successful', description: 'Welcome back!' }],
  ])('greets a sign-in by whether it is the first (%s)', async (firstSignIn, toast) => {
    api = stubFetch({
      'POST /api/auth/login': { body: { message: 'Login successful', user: aUser(), firstSignIn } },
    });
    const { dialog } = await openLoginDialog();
    signInWith(dialog, 'ada@example.com', 'secret1');
    await waitFor(() => expect(visibleToasts()).toEqual([toast]));
  });

  it('welcomes someone back from Google once, by the cookie the sign-in left', async () => {
    api = stubFetch({ 'GET /api/auth/user': { body: aUser({ authMethod: 'google' }) } });
    document.cookie = 'mqr.welcome=back; Path=/';
    renderApp('/');
    await waitFor(() =>
      expect(visibleToasts()).toEqual([
        { type: 'success', title: 'Signed in with Google', description: 'Welcome back, Ada!' },
      ]),
    );
    expect(document.cookie).not.toContain('mqr.welcome');
  });

  it('greets a first Google sign-in as a newcomer', async () => {
    api = stubFetch({ 'GET /api/auth/user': { body: aUser({ authMethod: 'google' }) } });
    document.cookie = 'mqr.welcome=new; Path=/';
    renderApp('/');
    await waitFor(() => expect(visibleToasts()[0]).toMatchObject({ title: 'Welcome to Medical QR, Ada!' }));
  });
});

describe('login dialog: focus', () => {
  it('goes back to the Login link after Escape, also when the forgot-password dialog came in between', async () => {
    api = stubFetch();
    renderApp('/');
    // Signed out, with no session to ask about: the header offers Login without a request.
    await screen.findByRole('link', { name: 'Login', hidden: true });
    expect(api.callsTo('GET /api/auth/user')).toHaveLength(0);
    const login = screen.getByRole('link', { name: 'Login' });
    login.focus();
    fireEvent.click(login);
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Medical QR' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Login' })));

    screen.getByRole('link', { name: 'Login' }).focus();
    fireEvent.click(screen.getByRole('link', { name: 'Login' }));
    const again = await screen.findByRole('dialog', { name: 'Welcome to Medical QR' });
    fireEvent.click(within(again).getByRole('button', { name: 'Forgot password?' }));
    const forgot = await screen.findByRole('dialog', { name: 'Reset your password' });
    fireEvent.keyDown(forgot, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Login' })));
  });
});
