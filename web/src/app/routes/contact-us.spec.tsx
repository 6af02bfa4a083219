import { jest } from '@jest/globals';
import { fireEvent, screen, within } from '@testing-library/react';
import { aUser, stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-with-providers';

let api: FetchStub | undefined;

afterEach(() => {
  api?.restore();
  api = undefined;
  jest.restoreAllMocks();
});

async function contactPage() {
  const view = renderApp('/contact-us');
  await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
  return view;
}

/** The items of a list, by its heading. */
function listUnder(name: string): string[] {
  const list = screen.getByRole('heading', { level: 2, name }).closest('section')!;
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

describe('/contact-us', () => {
  it('leads with the emergency number, and says the inbox is not watched for emergencies', async () => {
    api = stubFetch();
    await contactPage();
    const links = Array.from(screen.getByRole('main').querySelectorAll('a'));
    expect(links[0]!.getAttribute('href')).toBe('tel:911');
    expect(links[0]!.textContent).toBe('Call 911');
    const emergency = screen.getByRole('region', { name: 'Emergency' });
    expect(emergency.textContent).toContain('If this is an emergency, call 911 or your local emergency number.');
    expect(emergency.textContent).toContain('Our support inbox is not watched for emergencies');
    expect(document.title).toBe('Contact Us · Medical QR');
  });

  it('gives the support email and when to expect an answer', async () => {
    api = stubFetch();
    await contactPage();
    const email = screen.getByRole('link', { name: 'Email support' });
    expect(email.getAttribute('href')).toBe('mailto:support@medicalqr.example.org');
    // The address itself is on the page too, to copy into another mail program.
    expect(screen.getByText('support@medicalqr.example.org')).toBeTruthy();
    expect(screen.getByText('We answer within 24-48 hours on business days.')).toBeTruthy();
    expect(screen.queryByText('As a Premium member, your message is answered first.')).toBeNull();
  });

  it('tells a premium member their message is answered first', async () => {
    api = stubFetch({ 'GET /api/auth/user': { body: aUser({ isPremium: true }) } });
    await contactPage();
    expect(await screen.findByText('As a Premium member, your message is answered first.')).toBeTruthy();
  });

  it('lists what support can and cannot help with, and who builds the site', async () => {
    api = stubFetch();
    await contactPage();
    expect(listUnder('We can help with')).toContain('Premium: billing, cancelling, and refunds within 30 days');
    expect(listUnder('We can help with')).toContain('Exporting, correcting or deleting your data');
    expect(listUnder("We can't help with")[0]).toBe('Medical emergencies: call 911 or your local emergency number');
    expect(listUnder("We can't help with")).toContain('Medical advice, or what your card should say: ask your doctor');
    const team = screen.getByRole('heading', { level: 2, name: 'Who builds Medical QR' }).closest('section')!;
    expect(team.textContent).toContain('built and run by a small team');
    expect(within(team).getByRole('link', { name: 'terms and privacy policy' }).getAttribute('href')).toBe('/terms');
  });

  it("is where the user menu's Contact Us lands", async () => {
    api = stubFetch({ 'GET /api/auth/user': { body: aUser() } });
    renderApp('/my-account');
    fireEvent.keyDown(await screen.findByRole('button', { name: 'User menu' }), { key: 'Enter' });
    fireEvent.click(screen.getByRole('menuitem', { name: 'Contact Us' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Us' })).toBeTruthy();
  });
});
