import '../../../test/web-crypto';
import { ipsBundle, type ShlinkPayload } from '@medical-qr/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aLinkKey, anIpsBundle, encryptFile, viewerRoute } from '../../../test/ips-fixtures';
import { renderWithProviders } from '../../../test/render-with-providers';
import { STORAGE_KEYS } from '../../lib/storage';
import { EMBEDDED_LENGTH_MAX } from './open-health-link';
import { HealthLinkViewer } from './health-link-viewer';

const MANIFEST_URL = 'https://medical-qr.test/api/shl/Zm9vYmFyZm9vYmFyZm9vYmFyZm9vYmFyZm9vYmFyZm9v';

interface Seen {
  url: string;
  method: string;
  body?: Record<string, unknown>;
  init: RequestInit;
}
type Answer = { status?: number; json?: unknown; text?: string };

/** The network, as the viewer sees it: each request answered in turn by `answer`, and all of them kept. */
function network(answer: (request: Seen) => Answer | Promise<Answer>) {
  const seen: Seen[] = [];
  const previous = globalThis.fetch;
  globalThis.fetch = (async (input: string | URL, init: RequestInit = {}) => {
    const request: Seen = {
      url: String(input),
      method: init.method ?? 'GET',
      init,
      ...(typeof init.body === 'string' ? { body: JSON.parse(init.body) as Record<string, unknown> } : {}),
    };
    seen.push(request);
    const { status = 200, json, text } = await answer(request);
    return new Response(json === undefined ? (text ?? '') : JSON.stringify(json), { status });
  }) as typeof fetch;
  return { seen, restore: () => (globalThis.fetch = previous) };
}

let net: ReturnType<typeof network> | undefined;
afterEach(() => {
  net?.restore();
  net = undefined;
  localStorage.clear();
});

const payload = (overrides: Partial<ShlinkPayload> = {}): ShlinkPayload => ({
  url: MANIFEST_URL,
  key: aLinkKey(),
  flag: 'P',
  label: 'St Mary’s A&E',
  v: 1,
  ...overrides,
});

function openViewer(link: ShlinkPayload, query = '') {
  const route = viewerRoute(link, query);
  const url = new URL(route, 'http://localhost');
  return renderWithProviders(<HealthLinkViewer hash={url.hash} search={url.search} />, { route });
}

const field = (name: string | RegExp) => screen.getByLabelText(name, { selector: 'input' });
const messageUnder = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent;

describe('the health link viewer', () => {
  it('asks who is reading and the passcode; a wrong one says the tries left and takes focus; the right one opens the summary', async () => {
    const link = payload();
    const jwe = await encryptFile(anIpsBundle(), link.key);
    net = network(({ body }) =>
      body?.passcode === 'tulip-42'
        ? { json: { files: [{ contentType: 'application/fhir+json', embedded: jwe }] } }
        : { status: 401, json: { message: 'The passcode is wrong.', remainingAttempts: 3 } },
    );
    openViewer(link);
    expect(screen.getByRole('heading', { level: 1, name: 'St Mary’s A&E' })).toBeTruthy();
    expect(document.title).toBe('Medical summary · Medical QR');

    fireEvent.change(field('Your name or organisation'), { target: { value: 'Dr Grey, Ward 4' } });
    fireEvent.change(field('Passcode'), { target: { value: 'tulip-41' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open the summary' }));
    await waitFor(() => expect(field('Passcode').getAttribute('aria-invalid')).toBe('true'));
    expect(messageUnder(field('Passcode'))).toBe('Wrong passcode — 3 tries left');
    expect(document.activeElement).toBe(field('Passcode'));

    const [first] = net.seen;
    expect(first).toMatchObject({ url: MANIFEST_URL, method: 'POST' });
    expect(first!.body).toEqual({
      recipient: 'Dr Grey, Ward 4',
      passcode: 'tulip-41',
      embeddedLengthMax: EMBEDDED_LENGTH_MAX,
    });
    // Nothing of this page goes with the request: no cookie, no referrer.
    expect(first!.init).toMatchObject({ credentials: 'omit', referrerPolicy: 'no-referrer' });

    fireEvent.change(field('Passcode'), { target: { value: 'tulip-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open the summary' }));
    const name = await screen.findByRole('heading', { level: 1, name: 'Imogen Thornbury' });
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(localStorage.getItem(STORAGE_KEYS.shlRecipient)).toBe('Dr Grey, Ward 4');
    expect(
      net.seen.every((request) => !request.url.includes('#') && !JSON.stringify(request.body ?? {}).includes(link.key)),
    ).toBe(true);
  });

  it('shows the summary: the patient, each section with its entries, severities, and "None known"', async () => {
    const link = payload({ flag: 'LP' });
    const jwe = await encryptFile(anIpsBundle(), link.key);
    net = network(() => ({
      json: {
        status: 'can-change',
        files: [{ contentType: 'application/fhir+json', embedded: jwe, lastUpdated: '2026-05-02T09:30:00.000Z' }],
      },
    }));
    localStorage.setItem(STORAGE_KEYS.shlRecipient, 'St Mary’s A&E');
    openViewer(link);
    // The name given last time is filled in.
    expect((field('Your name or organisation') as HTMLInputElement).value).toBe('St Mary’s A&E');
    fireEvent.change(field('Passcode'), { target: { value: 'anything' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open the summary' }));
    const summary = (await screen.findByRole('heading', { level: 1, name: 'Imogen Thornbury' })).closest('article')!;

    expect(summary.textContent).toContain('Date of birth');
    expect(summary.textContent).toContain('March 14, 1984');
    expect(summary.textContent).toContain('Female');
    expect(summary.textContent).toContain('Kept up to date by its owner; last changed May 2, 2026');
    const section = (title: string) => within(screen.getByRole('region', { name: title }));
    const allergies = section('Allergies')
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(allergies).toEqual(['Penicillinanaphylaxis', 'Lactoseintolerance', 'Latexsevere']);
    expect(
      section('Medications')
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Apixaban 5 mg twice daily', 'Insulin aspart']);
    expect(section('Medical conditions').getByRole('listitem').textContent).toBe('None known');
    expect(section('Advance directives').getByRole('listitem').textContent).toBe('Do not resuscitate (DNR)');
    // A section the card does not know keeps its title; its narrative is read as text, never as markup.
    expect(section('Travel history').getByRole('listitem').textContent).toBe('Came back from Lagos');
    expect(summary.querySelector('img')).toBeNull();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
  });

  it('reads the summary the records service writes (devices, advance directives, alerts, "not stated")', async () => {
    const bundle = ipsBundle({
      now: new Date('2026-05-02T09:30:00.000Z'),
      record: {
        firstName: 'Imogen',
        lastName: 'Thornbury',
        email: 'imogen@example.com',
        phoneNumber: '',
        gender: 'female',
        dateOfBirth: '1984-03-14',
        allergies: 'Penicillin; latex',
        allergySeverities: [{ entry: 'Penicillin', severity: 'anaphylaxis' }],
        medicalConditions: 'None known',
        medications: '',
        devices: 'Insulin pump',
        careDirectives: 'Call my brother before surgery',
        languagesSpoken: 'English, Igbo',
        organDonor: true,
        resuscitationStatus: 'dnr',
        directiveLocation: '',
        interpreterNeeded: true,
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    });
    const link = payload({ flag: undefined });
    const jwe = await encryptFile(bundle, link.key);
    net = network(() => ({ json: { files: [{ contentType: 'application/fhir+json', embedded: jwe }] } }));
    openViewer(link);
    fireEvent.change(field('Your name or organisation'), { target: { value: 'Ward 4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open the summary' }));
    await screen.findByRole('heading', { level: 1, name: 'Imogen Thornbury' });
    const items = (title: string) =>
      within(screen.getByRole('region', { name: title }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(items('Allergies')).toEqual(['Penicillinanaphylaxis', 'latex']);
    expect(items('Medications')).toEqual(['Not stated']);
    expect(items('Medical conditions')).toEqual(['None known']);
    expect(items('Devices and implants')).toEqual(['Insulin pump']);
    expect(items('Advance directives')).toEqual([expect.stringMatching(/resuscitat/i), 'Organ donor']);
    expect(items('Alerts')).toEqual([
      'Instructions for responders: Call my brother before surgery',
      'Interpreter needed. Speaks: English, Igbo',
    ]);
  });

  it('fetches a file from its location when the manifest does not embed it', async () => {
    const link = payload({ flag: undefined });
    const jwe = await encryptFile(anIpsBundle(), link.key);
    const location = 'https://medical-qr.test/api/shl/file/dGlja2V0dGlja2V0dGlja2V0dGlja2V0dGlja2V0dGlj';
    net = network(({ url }) =>
      url === location ? { text: jwe } : { json: { files: [{ contentType: 'application/fhir+json', location }] } },
    );
    openViewer(link);
    // No passcode to ask for.
    expect(screen.queryByLabelText(/Passcode/, { selector: 'input' })).toBeNull();
    fireEvent.change(field('Your name or organisation'), { target: { value: 'Ward 4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open the summary' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Imogen Thornbury' })).toBeTruthy();
    expect(net.seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      `POST ${MANIFEST_URL}`,
      `GET ${location}`,
    ]);
    expect(net.seen[1]!.init).toMatchObject({ credentials: 'omit', referrerPolicy: 'no-referrer' });
  });

  it('GETs a direct file (flag U) with the recipient', async () => {
    const link = payload({ flag: 'U' });
    const jwe = await encryptFile(anIpsBundle(), link.key);
    net = network(() => ({ text: jwe }));
    openViewer(link);
    fireEvent.change(field('Your name or organisation'), { target: { value: 'Dr Grey & co' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open the summary' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Imogen Thornbury' })).toBeTruthy();
    expect(net.seen).toHaveLength(1);
    expect(net.seen[0]).toMatchObject({ method: 'GET', url: `${MANIFEST_URL}?recipient=Dr+Grey+%26+co` });
  });

  it('says a revoked or expired link (404) has expired or was revoked', async () => {
    net = network(() => ({
      status: 404,
      json: { message: 'This health link does not exist, has expired or was revoked.' },
    }));
    openViewer(payload());
    fireEvent.change(field('Your name or organisation'), { target: { value: 'Ward 4' } });
    fireEvent.change(field('Passcode'), { target: { value: 'tulip-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open the summary' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'This link has expired or was revoked' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.queryByRole('button', { name: 'Open the summary' })).toBeNull();
  });

  it('says a link past its own expiry has expired, before asking anything', () => {
    net = network(() => ({ status: 500 }));
    openViewer(payload({ exp: Math.floor(Date.UTC(2025, 0, 31, 12) / 1000) }));
    expect(screen.getByRole('heading', { level: 1, name: 'This link expired on January 31, 2025' })).toBeTruthy();
    expect(screen.queryByLabelText('Your name or organisation')).toBeNull();
    expect(net.seen).toHaveLength(0);
  });

  it('says when the address holds no link it can open', () => {
    renderWithProviders(<HealthLinkViewer hash="#shlink:/bm90LWEtcGF5bG9hZA" search="" />, { route: '/shl' });
    expect(screen.getByRole('heading', { level: 1, name: 'This page cannot open this link' })).toBeTruthy();
  });

  it('asks again when the summary could not be fetched or read', async () => {
    const link = payload({ flag: undefined });
    net = network(() => ({
      json: { files: [{ contentType: 'application/fhir+json', embedded: 'not.a.jwe.at.all' }] },
    }));
    openViewer(link);
    fireEvent.change(field('Your name or organisation'), { target: { value: 'Ward 4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open the summary' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The summary could not be opened. Check your connection and try again.',
    );
    expect(screen.getByRole('button', { name: 'Open the summary' })).toBeTruthy();
  });

  it('says when this network asked too often (429), and lets the reader try again later', async () => {
    net = network(() => ({ status: 429, json: { message: 'Too many requests' } }));
    openViewer(payload({ flag: undefined }));
    fireEvent.change(field('Your name or organisation'), { target: { value: 'Ward 4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open the summary' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Too many requests from this network just now. Wait a few minutes, then try again.',
    );
    expect(screen.getByRole('button', { name: 'Open the summary' })).toBeTruthy();
  });

  it("speaks the language ?lang asks for, else the browser's, with a switch; the owner's words stay as written", async () => {
    const link = payload();
    const jwe = await encryptFile(anIpsBundle(), link.key);
    net = network(() => ({ status: 401, json: { message: 'The passcode is wrong.', remainingAttempts: 1 } }));
    const { unmount } = openViewer(link, '?lang=fr');
    expect(screen.getByText('Résumé médical')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).closest('[lang]')?.getAttribute('lang')).toBe('fr');
    fireEvent.change(field('Votre nom ou votre organisme'), { target: { value: 'Urgences' } });
    fireEvent.change(field('Code d’accès'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir le résumé' }));
    await waitFor(() => expect(messageUnder(field('Code d’accès'))).toBe('Code incorrect — encore 1 essai'));

    fireEvent.change(screen.getByLabelText('Langue'), { target: { value: 'ar' } });
    expect(screen.getByRole('button', { name: 'فتح الملخص' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).closest('[dir]')?.getAttribute('dir')).toBe('rtl');
    unmount();

    net.restore();
    net = network(() => ({ json: { files: [{ contentType: 'application/fhir+json', embedded: jwe }] } }));
    Object.defineProperty(navigator, 'languages', { value: ['pt-BR', 'en'], configurable: true });
    try {
      openViewer(link);
      fireEvent.change(field('Seu nome ou organização'), { target: { value: 'Pronto-socorro' } });
      fireEvent.change(field('Código de acesso'), { target: { value: 'tulip-42' } });
      fireEvent.click(screen.getByRole('button', { name: 'Abrir o resumo' }));
      const allergies = await screen.findByRole('region', { name: 'Alergias' });
      expect(within(allergies).getAllByRole('listitem')[0]!.textContent).toBe('Penicillinanafilaxia');
    } finally {
      Object.defineProperty(navigator, 'languages', { value: ['en-US', 'en'], configurable: true });
    }
  });
});
