import { jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aCreatedLink, aHealthLink, linksReply } from '../../../test/health-link-fixtures';
import { errorReply, stubFetch, type FetchStub, type StubbedRequest } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { HealthLinksPanel } from './health-links-panel';

let api: FetchStub | undefined;

function setClipboard(value: unknown) {
  Object.defineProperty(navigator, 'clipboard', { value, configurable: true, writable: true });
}

afterEach(() => {
  api?.restore();
  api = undefined;
  setClipboard(undefined);
});

const DAY_MS = 86_400_000;
const panel = () => screen.getByRole('region', { name: 'Share with a hospital' });
const field = (name: string | RegExp) =>
  within(panel()).getByLabelText(name, { exact: false, selector: 'input, select' });
/** The message under a field: what its aria-describedby names first. */
const messageUnder = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent;

function panelWith(routes: Parameters<typeof stubFetch>[0]) {
  api = stubFetch({ 'GET /api/health-links': linksReply(), ...routes });
  return renderWithProviders(<HealthLinksPanel />);
}

describe('HealthLinksPanel: making a link', () => {
  it('sends the name, the expiry chosen, the passcode and long-term; then shows the QR and the link once, with Copy', async () => {
    const created = aCreatedLink();
    let listed = linksReply();
    const posted: StubbedRequest[] = [];
    panelWith({
      'GET /api/health-links': () => listed,
      'POST /api/health-links': (request) => {
        posted.push(request);
        listed = linksReply(aHealthLink({ label: 'St Mary’s A&E', longTerm: true }));
        return { status: 201, body: created };
      },
    });
    const writeText = jest.fn(async (_text: string) => undefined);
    setClipboard({ writeText });

    fireEvent.change(field('Name of the link'), { target: { value: '  St Mary’s A&E ' } });
    fireEvent.change(field('Works for'), { target: { value: '30d' } });
    fireEvent.change(field(/^Passcode/), { target: { value: 'tulip-42' } });
    fireEvent.click(field('Stays up to date as I change my record'));
    const before = Date.now();
    fireEvent.click(within(panel()).getByRole('button', { name: 'Make a health link' }));

    const ready = await screen.findByRole('heading', { name: 'Your link “St Mary’s A&E” is ready' });
    expect(document.activeElement).toBe(ready);
    expect(posted).toHaveLength(1);
    const body = posted[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ label: 'St Mary’s A&E', passcode: 'tulip-42', longTerm: true, directFile: false });
    const expiresIn = Date.parse(String(body.expiresAt)) - before;
    expect(expiresIn).toBeGreaterThanOrEqual(30 * DAY_MS - 1000);
    expect(expiresIn).toBeLessThanOrEqual(30 * DAY_MS + 5000);

    expect(screen.getByRole('img', { name: 'QR code of the health link “St Mary’s A&E”' }).getAttribute('src')).toBe(
      created.qrCode,
    );
    expect(screen.getByTestId('health-link-url').textContent).toBe(created.viewerUrl);
    expect(panel().textContent).toContain('Shown only now: we do not keep its key');
    const download = screen.getByRole('link', { name: 'Download QR code' });
    expect(download.getAttribute('download')).toBe('health-link-st-mary-s-a-e.png');

    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(created.viewerUrl);
    // The list was asked again and shows the new link.
    expect(await within(panel()).findByRole('heading', { level: 4, name: 'St Mary’s A&E' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Make another link' }));
    expect(screen.queryByRole('img', { name: /QR code of the health link/ })).toBeNull();
    expect((field('Name of the link') as HTMLInputElement).value).toBe('');
  });

  it('sends no expiry for "No expiry", and a direct file only without a passcode', async () => {
    const posted: StubbedRequest[] = [];
    panelWith({
      'POST /api/health-links': (request) => {
        posted.push(request);
        return { status: 201, body: aCreatedLink() };
      },
    });
    fireEvent.change(field('Name of the link'), { target: { value: 'GP surgery' } });
    fireEvent.change(field('Works for'), { target: { value: 'never' } });
    const direct = field('Single file, no passcode') as HTMLInputElement;
    fireEvent.click(direct);
    expect(direct.checked).toBe(true);
    // A passcode takes the direct file back, and says why.
    fireEvent.change(field(/^Passcode/), { target: { value: 'abcd' } });
    await waitFor(() => expect(direct.disabled).toBe(true));
    expect(direct.checked).toBe(false);
    expect(panel().textContent).toContain('Not with a passcode: clear the passcode to choose this.');
    fireEvent.change(field(/^Passcode/), { target: { value: '' } });
    await waitFor(() => expect(direct.disabled).toBe(false));
    fireEvent.click(direct);

    fireEvent.click(within(panel()).getByRole('button', { name: 'Make a health link' }));
    await screen.findByRole('heading', { name: 'Your link “GP surgery” is ready' });
    expect(posted[0]!.body).toEqual({ label: 'GP surgery', expiresAt: null, longTerm: false, directFile: true });
  });

  it('checks the name and the passcode before sending, each message under its field', async () => {
    panelWith({});
    fireEvent.change(field(/^Passcode/), { target: { value: 'abc' } });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Make a health link' }));
    await waitFor(() => expect(field('Name of the link').getAttribute('aria-invalid')).toBe('true'));
    expect(messageUnder(field('Name of the link'))).toBe('Give the link a name, such as St Mary’s A&E');
    expect(messageUnder(field(/^Passcode/))).toBe('Use 4 to 64 characters, or leave it empty');
    expect(document.activeElement).toBe(field('Name of the link'));
    expect(api!.callsTo('POST /api/health-links')).toHaveLength(0);
  });

  it("puts a refusal's issues under the fields they name (the expiry under its choice), once", async () => {
    panelWith({
      'POST /api/health-links': errorReply(400, 'Validation failed', {
        issues: [
          { path: 'expiresAt', message: 'must be within 366 days' },
          { path: 'passcode', message: 'must be at most 64 characters' },
        ],
      }),
    });
    fireEvent.change(field('Name of the link'), { target: { value: 'Ward 4' } });
    fireEvent.change(field(/^Passcode/), { target: { value: 'long enough' } });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Make a health link' }));
    await waitFor(() => expect(field('Works for').getAttribute('aria-invalid')).toBe('true'));
    expect(messageUnder(field('Works for'))).toBe('must be within 366 days');
    expect(messageUnder(field(/^Passcode/))).toBe('must be at most 64 characters');
    expect(document.activeElement).toBe(field('Works for'));
    // Each message once: under its field, not again in an alert.
    expect(within(panel()).queryByRole('alert')).toBeNull();
    expect(panel().textContent!.split('must be within 366 days')).toHaveLength(2);
  });

  it('says why a link cannot be made (no record yet) in the form', async () => {
    panelWith({
      'POST /api/health-links': errorReply(409, 'Make your medical record first: a health link shares it.', {
        code: 'CONFLICT',
      }),
    });
    fireEvent.change(field('Name of the link'), { target: { value: 'Ward 4' } });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Make a health link' }));
    expect((await within(panel()).findByRole('alert')).textContent).toContain(
      'Make your medical record first: a health link shares it.',
    );
  });
});

describe('HealthLinksPanel: the list', () => {
  it("shows each link's name, state, kind, expiry and who opened it when, the names as written", async () => {
    const opened = aHealthLink({
      id: '11111111-1111-4111-8111-111111111111',
      label: 'Ward 4',
      longTerm: true,
      accessCount: 7,
      accesses: [
        { at: new Date(Date.now() - 5 * 60_000).toISOString(), recipient: '<b>Dr Grey</b> & team' },
        ...Array.from({ length: 6 }, (_, index) => ({
          at: new Date(Date.now() - (index + 2) * 3_600_000).toISOString(),
          recipient: `Reader ${index + 1}`,
        })),
      ],
    });
    const expired = aHealthLink({
      id: '22222222-2222-4222-8222-222222222222',
      label: 'Holiday',
      hasPasscode: false,
      flag: 'U',
      directFile: true,
      remainingAttempts: null,
      state: 'expired',
      expiresAt: new Date(Date.now() - DAY_MS).toISOString(),
    });
    const locked = aHealthLink({
      id: '33333333-3333-4333-8333-333333333333',
      label: 'Old GP',
      state: 'locked',
      remainingAttempts: 0,
      expiresAt: null,
    });
    panelWith({ 'GET /api/health-links': linksReply(opened, expired, locked) });
    const list = await screen.findByRole('list', { name: 'Your health links' });
    const [first, second, third] = within(list).getAllByRole('article');

    expect(within(first!).getByText('Active').closest('[data-state]')?.getAttribute('data-state')).toBe('active');
    expect(first!.textContent).toContain('Passcode · stays up to date with your record');
    expect(first!.textContent).toContain('Opened 7 times');
    const readers = within(first!).getByRole('list', { name: 'Who opened “Ward 4”' });
    expect(within(readers).getAllByRole('listitem')).toHaveLength(5);
    // Shown as written, never as markup.
    expect(within(readers).getByText('<b>Dr Grey</b> & team')).toBeTruthy();
    expect(readers.querySelector('b')).toBeNull();
    expect(within(readers).getAllByRole('listitem')[0]!.textContent).toContain('5 minutes ago');
    fireEvent.click(within(first!).getByRole('button', { name: 'Show all 7' }));
    expect(within(readers).getAllByRole('listitem')).toHaveLength(7);
    expect(within(first!).getByRole('button', { name: 'Revoke “Ward 4”' })).toBeTruthy();

    expect(within(second!).getByText('Expired')).toBeTruthy();
    expect(second!.textContent).toContain('No passcode · your record as it was when made · single file');
    expect(second!.textContent).toContain('Not opened yet');
    expect(within(second!).queryByRole('button', { name: /Revoke/ })).toBeNull();

    expect(within(third!).getByText('Locked: too many wrong passcodes')).toBeTruthy();
    expect(third!.textContent).toContain('Never expires (until you revoke it)');
    expect(third!.textContent).toContain('Wrong passcodes it still takes0');
  });

  it('revokes a link after asking; focus goes to its name once its button is gone', async () => {
    const link = aHealthLink({ label: 'Ward 4' });
    let listed = linksReply(link);
    panelWith({
      'GET /api/health-links': () => listed,
      [`DELETE /api/health-links/${link.id}`]: () => {
        const revoked = aHealthLink({ ...link, state: 'revoked', revokedAt: new Date().toISOString() });
        listed = linksReply(revoked);
        return { body: revoked };
      },
    });
    const revoke = await screen.findByRole('button', { name: 'Revoke “Ward 4”' });
    revoke.focus();
    fireEvent.click(revoke);
    const dialog = await screen.findByRole('dialog', { name: 'Revoke “Ward 4”?' });
    expect(dialog.textContent).toContain('can no longer open your summary');

    // Kept: focus goes back to the button.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(revoke));
    expect(api!.callsTo(`DELETE /api/health-links/${link.id}`)).toHaveLength(0);

    fireEvent.click(revoke);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Revoked')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Revoke/ })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 4, name: 'Ward 4' })));
    expect(api!.callsTo(`DELETE /api/health-links/${link.id}`)).toHaveLength(1);
  });

  it('says in the dialog when a revoke fails, and keeps it open', async () => {
    const link = aHealthLink({ label: 'Ward 4' });
    panelWith({
      'GET /api/health-links': linksReply(link),
      [`DELETE /api/health-links/${link.id}`]: errorReply(503, 'Records unavailable'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke “Ward 4”' }));
    const dialog = await screen.findByRole('dialog');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    });
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Records unavailable');
  });
});
