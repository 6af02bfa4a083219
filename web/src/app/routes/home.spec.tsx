import { jest } from '@jest/globals';
import { RecordsMessages } from '@medical-qr/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorReply, stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { descriptionOf, fillMedicalForm } from '../../../test/medical-form';
import { anAnonymousCreation, QR_PNG } from '../../../test/records-fixtures';
import { renderApp } from '../../../test/render-with-providers';
import { settle } from '../../../test/settle';
import { visibleToasts } from '../../../test/toasts';
import { STORAGE_KEYS } from '../../lib/storage';

let api: FetchStub | undefined;

beforeEach(() => localStorage.clear());
afterEach(() => {
  api?.restore();
  api = undefined;
  jest.restoreAllMocks();
});

/** The signed-out home page with the anonymous creation endpoint answering `reply`. */
async function visitorHome(reply: Parameters<FetchStub['route']>[1]) {
  api = stubFetch({ 'POST /api/anonymous-medical-record': reply });
  const view = renderApp('/');
  const form = await screen.findByRole('region', { name: 'Create your free QR code' });
  return { ...view, form };
}

async function generate() {
  fireEvent.click(screen.getByRole('button', { name: 'Generate QR Code' }));
  await settle();
}

describe('home page', () => {
  it('presents the medical card and how it works', () => {
    renderApp('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Your Digital Medical Emergency Card' })).toBeTruthy();
    const steps = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(steps).toEqual(['Fill in your medical info', 'Get your QR code', 'Responders scan it']);
  });

  it('confirms a sign-out the person chose, once', async () => {
    const { router } = renderApp('/?signedOut=true');
    // The toasts' code loads after the first paint; the message waits in the store until it does.
    await waitFor(() =>
      expect(visibleToasts()).toEqual([{ type: 'success', title: 'Signed out', description: 'See you next time.' }]),
    );
    expect(router.state.location.search).toBe('');
  });

  it('tells a visitor sent back after a session expiry that they were signed out, once', async () => {
    const { router } = renderApp('/?timeout=inactivity');
    expect((await screen.findAllByText('You were signed out')).length).toBeGreaterThan(0);
    expect(router.state.location.search).toBe('');
  });
});

describe('home page: a visitor creates a free QR code', () => {
  it('shows the new code and remembers it in this browser', async () => {
    const created = anAnonymousCreation();
    const { form } = await visitorHome({ body: created });
    fillMedicalForm(form);
    await generate();

    expect(await screen.findByRole('heading', { name: 'Your QR code is ready' })).toBeTruthy();
    const image = screen.getByRole('img', { name: 'QR code that opens your emergency card' });
    expect(image.getAttribute('src')).toBe(QR_PNG);
    expect(screen.getByRole('link', { name: /^Open card/ }).getAttribute('href')).toBe(created.cardUrl);
    expect(screen.queryByRole('button', { name: 'Generate QR Code' })).toBeNull();
    // The link that proves the email went to it: the screen says where, and what it is for.
    expect(screen.getByRole('region', { name: 'Your QR code is ready' }).textContent).toContain(
      'We sent a link to grace@example.com. Follow it to keep this code with your account',
    );

    expect(api?.callsTo('POST /api/anonymous-medical-record')[0]?.body).toMatchObject({
      firstName: 'Grace',
      email: 'grace@example.com',
      bloodGroup: 'O+',
      hasGivenConsent: true,
    });
    const history = JSON.parse(localStorage.getItem(STORAGE_KEYS.history) ?? '[]') as Array<Record<string, unknown>>;
    expect(history).toEqual([
      {
        id: created.token,
        token: created.token,
        cardUrl: created.cardUrl,
        qrCodeData: created.qrCodeData,
        createdAt: expect.any(String),
        expiresAt: created.expiresAt,
        label: { name: 'Grace Hopper', bloodGroup: 'O+' },
      },
    ]);
    // The heading on screen announces it: no toast says it again.
    expect(visibleToasts()).toEqual([]);
  });

  it('says nothing of a link when none could be mailed', async () => {
    const { form } = await visitorHome({ body: anAnonymousCreation({ confirmationMailed: false }) });
    fillMedicalForm(form);
    await generate();
    expect(await screen.findByRole('heading', { name: 'Your QR code is ready' })).toBeTruthy();
    expect(screen.queryByText(/We sent a link/)).toBeNull();
  });

  it('sends nothing while the form is incomplete', async () => {
    const { form } = await visitorHome({ body: anAnonymousCreation() });
    fillMedicalForm(form, { firstName: 'Grace' });
    await generate();
    expect(within(form).getByText('Check the highlighted fields above.')).toBeTruthy();
    expect(api?.requests()).toEqual([]);
  });

  it('says on the email field, once, that the email already has an active code', async () => {
    const { form } = await visitorHome(
      errorReply(409, RecordsMessages.anonymousActiveExists, { code: 'ANONYMOUS_CODE_ACTIVE' }),
    );
    fillMedicalForm(form);
    await generate();

    const email = within(form).getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(email)).toContain(RecordsMessages.anonymousActiveExists);
    expect(document.activeElement).toBe(email);
    expect(visibleToasts()).toEqual([]);

    // No dead end for someone without an account: making one with this email opens, the email filled in.
    fireEvent.click(within(form).getByRole('button', { name: 'Create an account with this email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Medical QR' });
    expect(within(dialog).getByRole('tab', { name: 'Create Account' }).getAttribute('aria-selected')).toBe('true');
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('grace@example.com');
  });

  it('says how long the new code lasts and offers the account that keeps it longer', async () => {
    const { form } = await visitorHome({ body: anAnonymousCreation() });
    fillMedicalForm(form);
    await generate();
    const ready = await screen.findByRole('region', { name: 'Your QR code is ready' });
    expect(ready.textContent).toContain('This free code lasts 2 days');
    expect(ready.textContent).toContain('Create a free account with grace@example.com and it lasts 10 days');
    fireEvent.click(within(ready).getByRole('button', { name: 'Create a free account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Medical QR' });
    expect(within(dialog).getByRole('tab', { name: 'Create Account' }).getAttribute('aria-selected')).toBe('true');
  });

  it('says the code expired and opens the sign-in when the email had a code before', async () => {
    const { form } = await visitorHome(
      errorReply(409, RecordsMessages.anonymousExpiredExists, { code: 'ANONYMOUS_CODE_EXPIRED' }),
    );
    fillMedicalForm(form);
    await generate();

    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Medical QR' });
    expect(within(dialog).getByRole('status').textContent).toBe(RecordsMessages.anonymousExpiredExists);
    expect(visibleToasts()).toEqual([]);
  });

  it('says "Failed to generate QR code" for any other failure', async () => {
    const { form } = await visitorHome(errorReply(500, 'Something went wrong (error id 7f3a)', { code: 'INTERNAL' }));
    fillMedicalForm(form);
    await generate();

    await waitFor(() => expect(within(form).getByRole('alert').textContent).toContain('Failed to generate QR code'));
    expect(visibleToasts()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Generate QR Code' })).toBeTruthy();
  });

  it('shows an email domain the server cannot mail on the email field', async () => {
    const problem = 'example.com is not a valid domain; please use an address that can receive mail';
    const { form } = await visitorHome(
      errorReply(400, `email: ${problem}`, { code: 'VALIDATION_ERROR', issues: [{ path: 'email', message: problem }] }),
    );
    fillMedicalForm(form);
    await generate();

    const email = within(form).getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(email)).toContain(
      'example.com is not a valid domain; please use an address that can receive mail',
    );
  });
});

describe('home page: no active QR code', () => {
  it('explains it and takes the person to the form', async () => {
    api = stubFetch();
    const { router } = renderApp('/?noActiveQr=true');
    const dialog = await screen.findByRole('dialog', { name: "You don't have an active QR code" });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create QR Code' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('First name')));
  });

  it('offers premium', async () => {
    api = stubFetch();
    const { router } = renderApp('/?noActiveQr=true');
    const dialog = await screen.findByRole('dialog', { name: "You don't have an active QR code" });
    fireEvent.click(within(dialog).getByRole('link', { name: 'See Premium' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
  });
});

describe('home page after a reload: the code this browser made', () => {
  function remember(entry: Record<string, unknown>) {
    localStorage.setItem(STORAGE_KEYS.history, JSON.stringify([entry]));
  }
  const created = anAnonymousCreation();
  const saved = {
    id: created.token,
    token: created.token,
    cardUrl: created.cardUrl,
    qrCodeData: created.qrCodeData,
    createdAt: new Date().toISOString(),
    expiresAt: created.expiresAt,
    label: { name: 'Grace Hopper', bloodGroup: 'O+' },
  };

  it('shows the code and its link again instead of an empty form, and can start another', async () => {
    remember(saved);
    api = stubFetch();
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Your QR code' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR code that opens your emergency card' }).getAttribute('src')).toBe(
      QR_PNG,
    );
    expect(screen.getByText(created.cardUrl)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Generate QR Code' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    // The hero's button leads to the code, not to a form the visitor no longer needs.
    expect(screen.getByRole('button', { name: 'Show my QR code' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create my free QR code' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Create another code' }));
    expect(screen.getByRole('button', { name: 'Generate QR Code' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));
  });

  it('shows the empty form when the remembered code has expired, or was saved without its image', () => {
    remember({ ...saved, expiresAt: new Date(Date.now() - 1000).toISOString() });
    api = stubFetch();
    const first = renderApp('/');
    expect(screen.getByRole('button', { name: 'Generate QR Code' })).toBeTruthy();
    first.unmount();

    const { qrCodeData: _image, ...withoutImage } = saved;
    remember(withoutImage);
    renderApp('/');
    expect(screen.getByRole('button', { name: 'Generate QR Code' })).toBeTruthy();
  });
});
