import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { aFamilyAlert, alertsReply } from '../../../test/family-alert-fixtures';
import { aUser, errorReply, stubFetch, type FetchStub, type StubReply } from '../../../test/fetch-stub';
import { aMedicalRecord } from '../../../test/records-fixtures';
import { renderApp } from '../../../test/render-with-providers';
import { visibleToasts } from '../../../test/toasts';

let api: FetchStub | undefined;

beforeEach(() => FakeWebSocket.reset());

afterEach(() => {
  api?.restore();
  api = undefined;
});

const record = aMedicalRecord();
const codes = {
  body: {
    records: [
      {
        id: record.id,
        token: record.token,
        label: record.label,
        cardUrl: record.cardUrl,
        createdAt: record.createdAt,
        expiresAt: record.expiresAt,
        isActive: true,
      },
    ],
    page: 1,
    limit: 20,
    total: 1,
  },
};

const sent = aFamilyAlert({ note: { source: 'card', responderName: 'Grace Hopper' } });
const answered = aFamilyAlert({
  ...sent,
  state: 'acknowledged',
  acknowledgedBy: { name: 'Charles Babbage', relationship: 'father' },
  acknowledgedAt: new Date().toISOString(),
});

/** Ada, signed in, with one code; her alerts are whatever `alerts` answers at the time. */
function signedIn(alerts: () => StubReply | Promise<StubReply>, route = '/history') {
  api = stubFetch({
    'GET /api/auth/user': { body: aUser() },
    'GET /api/medical-records': codes,
    'GET /api/family-alerts': alerts,
  });
  return renderApp(route);
}

const alertsRegion = () => screen.getByRole('region', { name: 'Alerts from your card' });

describe('/history: alerts from your card', () => {
  it('shows the alerts above the codes, and the codes only once the alerts are in (nothing moves after)', async () => {
    let answer: (reply: StubReply) => void = () => undefined;
    signedIn(() => new Promise((resolve) => (answer = resolve)));
    await waitFor(() => expect(api!.callsTo('GET /api/medical-records')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('heading', { name: 'QR code #1' })).toBeNull();
    expect(screen.getAllByRole('status').some((status) => status.textContent === 'Loading your history…')).toBe(true);

    answer(alertsReply(sent));
    const code = await screen.findByRole('heading', { name: 'QR code #1' });
    const alertsHeading = screen.getByRole('heading', { level: 2, name: 'Alerts from your card' });
    expect(alertsHeading.compareDocumentPosition(code) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(alertsRegion()).getByText('Waiting for an answer')).toBeTruthy();
  });

  it('shows no alerts section to an owner who never had one', async () => {
    signedIn(() => alertsReply());
    await screen.findByRole('heading', { name: 'QR code #1' });
    expect(screen.queryByRole('region', { name: 'Alerts from your card' })).toBeNull();
  });

  it('still shows the codes when the alerts cannot be loaded, says so once, and does not keep asking', async () => {
    signedIn(() => errorReply(503, 'Records unavailable'));
    expect(await screen.findByRole('heading', { name: 'QR code #1' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('Alerts unavailable');
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    // The first answer, and the one retry the panel makes when it appears without data: no more.
    expect(api!.callsTo('GET /api/family-alerts').length).toBeLessThanOrEqual(2);
  });

  it('refreshes the list when a family_alert push comes, and says a contact answered', async () => {
    let current = sent;
    signedIn(() => alertsReply(current));
    expect(
      await within(await screen.findByRole('region', { name: 'Alerts from your card' })).findByText(
        'Waiting for an answer',
      ),
    ).toBeTruthy();
    expect(api!.callsTo('GET /api/family-alerts')).toHaveLength(1);

    current = answered;
    const socket = FakeWebSocket.latest()!;
    act(() => {
      socket.open();
      socket.receive({ type: 'family_alert', alertId: sent.id, state: 'acknowledged' });
    });
    expect(await within(alertsRegion()).findByText('Charles Babbage (father) is on it')).toBeTruthy();
    expect(within(alertsRegion()).queryByText('Waiting for an answer')).toBeNull();
    expect(api!.callsTo('GET /api/family-alerts')).toHaveLength(2);
    await waitFor(() =>
      expect(visibleToasts()[0]).toMatchObject({ type: 'success', title: "A contact answered “I'm on it”" }),
    );
  });

  it('tells an owner on another page that someone is telling their family, and the toast leads to who answered', async () => {
    signedIn(() => alertsReply(sent), '/terms');
    await screen.findByRole('heading', { level: 1 });
    const socket = FakeWebSocket.latest()!;
    act(() => {
      socket.open();
      socket.receive({ type: 'family_alert', alertId: sent.id, state: 'waiting' });
    });
    await waitFor(() =>
      expect(visibleToasts()[0]).toMatchObject({ type: 'warning', title: 'Someone is telling your family' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'See who answered' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your QR Code History' })).toBeTruthy();
    expect(within(alertsRegion()).getByText('Grace Hopper')).toBeTruthy();
  });

  it('says when nobody answered and the contacts were texted again', async () => {
    signedIn(() => alertsReply(aFamilyAlert({ state: 'unanswered' })));
    await screen.findByRole('region', { name: 'Alerts from your card' });
    act(() => {
      FakeWebSocket.latest()!.open();
      FakeWebSocket.latest()!.receive({ type: 'family_alert', alertId: sent.id, state: 'unanswered' });
    });
    await waitFor(() =>
      expect(visibleToasts()[0]).toMatchObject({
        type: 'warning',
        title: 'Nobody answered yet: your contacts were texted again',
      }),
    );
  });

  it('asks for the alerts again after the live connection comes back (pushes may have been missed)', async () => {
    signedIn(() => alertsReply(sent));
    await screen.findByRole('region', { name: 'Alerts from your card' });
    act(() => FakeWebSocket.latest()!.open());
    act(() => FakeWebSocket.latest()!.drop());
    // The first retry comes after a second.
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2), { timeout: 3000 });
    act(() => FakeWebSocket.latest()!.open());
    await waitFor(() => expect(api!.callsTo('GET /api/family-alerts')).toHaveLength(2));
  });
});
