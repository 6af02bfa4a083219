import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aFamilyAlert, alertsReply } from '../../../test/family-alert-fixtures';
import { errorReply, stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { FamilyAlertsPanel } from './family-alerts-panel';

let api: FetchStub | undefined;

afterEach(() => {
  api?.restore();
  api = undefined;
});

const waiting = aFamilyAlert({
  id: '11111111-1111-4111-8111-111111111111',
  note: {
    source: 'card',
    responderName: 'Grace Hopper',
    message: 'She fainted at the station.\nThe paramedics are here.',
    callbackNumber: '+44 (0)20 7946-0999',
    place: { latitude: 51.501364, longitude: -0.1418898, accuracyMeters: 18.4 },
  },
  contactsTexted: 2,
  sentAt: new Date(Date.now() - 3 * 60_000).toISOString(),
});
const acknowledged = aFamilyAlert({
  id: '22222222-2222-4222-8222-222222222222',
  note: { source: 'sms', callbackNumber: '+15550100123', place: { text: 'Platform 4, King’s Cross' } },
  contactsTexted: 1,
  sentAt: new Date(Date.now() - 2 * 60 * 60_000).toISOString(),
  state: 'acknowledged',
  acknowledgedBy: { name: 'Charles Babbage', relationship: 'father' },
  acknowledgedAt: new Date(Date.now() - 110 * 60_000).toISOString(),
});
const unanswered = aFamilyAlert({
  id: '33333333-3333-4333-8333-333333333333',
  note: { source: 'card' },
  contactsTexted: 3,
  sentAt: new Date(Date.now() - 3 * 24 * 60 * 60_000).toISOString(),
  state: 'unanswered',
});

function panelWith(...alerts: ReturnType<typeof aFamilyAlert>[]) {
  api = stubFetch({ 'GET /api/family-alerts': alertsReply(...alerts) });
  return renderWithProviders(<FamilyAlertsPanel />);
}

const cards = () => within(screen.getByRole('region', { name: 'Alerts from your card' })).getAllByRole('article');
/** The state pill of a card, by the text it reads. */
const badge = (card: HTMLElement, text: string) => within(card).getByText(text).closest('[data-state]');

describe('FamilyAlertsPanel', () => {
  it('lists the alerts in the order given, each with how it was sent, when, and a badge that says where it stands', async () => {
    panelWith(waiting, acknowledged, unanswered);
    expect(await screen.findByRole('heading', { level: 2, name: 'Alerts from your card' })).toBeTruthy();
    const [first, second, third] = cards();
    expect(cards()).toHaveLength(3);

    expect(within(first!).getByRole('heading', { level: 3, name: 'Someone used “Tell their family”' })).toBeTruthy();
    expect(first!.textContent).toContain('3 minutes ago');
    expect(first!.querySelector('time')?.getAttribute('dateTime')).toBe(waiting.sentAt);
    expect(badge(first!, 'Waiting for an answer')?.className).toContain('amber');

    expect(
      within(second!).getByRole('heading', { level: 3, name: 'Someone texted your printed reference' }),
    ).toBeTruthy();
    expect(second!.textContent).toContain('2 hours ago');
    expect(badge(second!, 'Charles Babbage (father) is on it')?.className).toContain('emerald');
    expect(second!.textContent).toContain('Texted 1 contact · answered 1 hour ago');

    expect(third!.textContent).toContain('3 days ago');
    expect(badge(third!, 'Nobody answered — texted again')?.className).toContain('red');
    expect(third!.textContent).toContain('Texted 3 contacts');
    expect(within(third!).getByText('They sent no message, name or place.')).toBeTruthy();
  });

  it("shows the responder's note: message, name, a number to call back and the place on a map", async () => {
    panelWith(waiting, acknowledged);
    await screen.findByRole('heading', { name: 'Alerts from your card' });
    const [first, second] = cards();

    expect(within(first!).getByText(/She fainted at the station\./).textContent).toBe(
      'She fainted at the station.\nThe paramedics are here.',
    );
    expect(within(first!).getByText('Grace Hopper')).toBeTruthy();
    const callBack = within(first!).getByRole('link', { name: 'Call back +44 (0)20 7946-0999' });
    expect(callBack.getAttribute('href')).toBe('tel:+4402079460999');
    const map = within(first!).getByRole('link', { name: 'Open the place on a map' });
    expect(map.getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=51.50136&mlon=-0.14189#map=17/51.50136/-0.14189',
    );
    expect(map.getAttribute('target')).toBe('_blank');
    expect(first!.textContent).toContain('Shared from their phone, within about 18 m');
    expect(first!.textContent).toContain('Texted 2 contacts');

    // A printed reference's texter: the callback is their number; the place is what they typed.
    expect(within(second!).getByRole('link', { name: 'Call back +15550100123' }).getAttribute('href')).toBe(
      'tel:+15550100123',
    );
    expect(within(second!).getByText('Platform 4, King’s Cross')).toBeTruthy();
    expect(within(second!).queryByRole('link', { name: 'Open the place on a map' })).toBeNull();
  });

  it('renders nothing while there has been no alert', async () => {
    const { container } = panelWith();
    await waitFor(() => expect(api!.callsTo('GET /api/family-alerts')).toHaveLength(1));
    // The answer has been read (the store notifies on the next frame): still nothing.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(container.textContent).toBe('');
    expect(screen.queryByRole('heading', { name: 'Alerts from your card' })).toBeNull();
  });

  it('says the alerts could not be loaded, and Try again asks again', async () => {
    api = stubFetch({ 'GET /api/family-alerts': errorReply(503, 'Records unavailable') });
    renderWithProviders(<FamilyAlertsPanel />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Alerts unavailable');
    api.route('GET /api/family-alerts', alertsReply(unanswered));
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nobody answered — texted again')).toBeTruthy();
  });
});
