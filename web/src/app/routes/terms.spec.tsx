import { jest } from '@jest/globals';
import type { ReauthResponse } from '@medical-qr/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aUser, stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-with-providers';
import { SESSION_KEYS } from '../../lib/login-gate';

let api: FetchStub | undefined;

beforeEach(() => sessionStorage.clear());

afterEach(() => {
  api?.restore();
  api = undefined;
  jest.restoreAllMocks();
});

const verified: ReauthResponse = { verified: true, reauthenticatedUntil: '2030-01-01T00:10:00.000Z' };

async function termsPage() {
  const view = renderApp('/terms');
  await screen.findByRole('heading', { level: 1, name: 'Terms of service and privacy policy' });
  return view;
}

/** The button, once the session is known (it decides between signing in and confirming it's you). */
async function privacyControlsButton(): Promise<HTMLButtonElement> {
  const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Open privacy controls' });
  await waitFor(() => expect(button.disabled).toBe(false));
  return button;
}

/** A section's text, by its heading. */
function section(name: string): string {
  return screen.getByRole('heading', { level: 2, name }).closest('section')!.textContent ?? '';
}

describe('/terms', () => {
  it('carries its version and date, a summary and a table of contents that links to every section', async () => {
    api = stubFetch();
    await termsPage();
    expect(screen.getByText('Version 1.0 · Last updated September 2025')).toBeTruthy();
    expect(document.title).toBe('Terms and Privacy Policy · Medical QR');
    expect(section('In short')).toContain('Anyone who scans your code sees your emergency card');

    const contents = within(screen.getByRole('navigation', { name: 'On this page' }));
    const links = contents.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toContain('Who sees your emergency card');
    for (const link of links) {
      const target = document.getElementById(link.getAttribute('href')!.slice(1));
      expect(target?.querySelector('h2')?.textContent).toBe(link.textContent);
    }
  });

  it('says who sees the card, and states the limits, the encryption and the audit log retention', async () => {
    api = stubFetch();
    await termsPage();
    expect(section('Who sees your emergency card')).toContain('anyone who scans your code, or has its link');
    const security = section('How we protect it');
    expect(security).toContain('encrypted at rest with AES-256-GCM');
    expect(security).toContain('After 5 failed sign-in attempts within 15 minutes');
    expect(security).toContain('More than 100 requests in 5 minutes');
    expect(security).toContain('More than 10 data exports in an hour');
    expect(section('The audit log')).toContain('We keep entries for 6 years');
  });

  it('covers deletion, payments, printing and selling, and how to reach support', async () => {
    api = stubFetch();
    await termsPage();
    expect(section('Your rights: export, consent and deletion')).toContain('The deletion is scheduled 30 days out');
    expect(section('Premium and payments')).toContain('$9.99 per month, charged by Stripe');
    expect(section('Merchandise orders')).toContain('printed and shipped by Printify');
    expect(section('Who else gets your data')).toContain('We do not sell your data');
    expect(screen.getByRole('link', { name: 'support@medicalqr.example.org' }).getAttribute('href')).toBe(
      'mailto:support@medicalqr.example.org',
    );
    expect(screen.getByRole('link', { name: 'contact page' }).getAttribute('href')).toBe('/contact-us');
  });

  it('asks a visitor to sign in before the privacy controls, and remembers to go on to /privacy', async () => {
    api = stubFetch();
    await termsPage();
    fireEvent.click(await privacyControlsButton());
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Medical QR' });
    expect(within(dialog).getByText('Sign in to reach your privacy controls.')).toBeTruthy();
    expect(sessionStorage.getItem(SESSION_KEYS.loginRedirect)).toBe('/privacy');
    expect(screen.queryByRole('dialog', { name: "Confirm it's you" })).toBeNull();
  });

  it("asks a signed-in user to confirm it's them, then goes on to /privacy", async () => {
    api = stubFetch({
      'GET /api/auth/user': { body: aUser() },
      'POST /api/auth/verify-password': { body: verified },
    });
    const { router } = await termsPage();
    fireEvent.click(await privacyControlsButton());
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com'),
    );
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/privacy'));
    expect(api.callsTo('POST /api/auth/verify-password')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'secret1',
    });
    expect(screen.queryByRole('dialog', { name: 'Welcome to Medical QR' })).toBeNull();
  });

  it('stays put when the confirmation is cancelled', async () => {
    api = stubFetch({ 'GET /api/auth/user': { body: aUser() } });
    const { router } = await termsPage();
    fireEvent.click(await privacyControlsButton());
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/terms');
    expect(api.callsTo('POST /api/auth/verify-password')).toHaveLength(0);
  });

  it("is where the pricing plans' Terms of Service link lands", async () => {
    api = stubFetch();
    renderApp('/pricing');
    fireEvent.click(await screen.findByRole('link', { name: 'Terms of Service' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of service and privacy policy' })).toBeTruthy();
  });
});
